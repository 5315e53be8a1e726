import type { PublicUser } from '@gl/core';
import { Errors, refreshTokensRepository, usersRepository, type UserRow } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { hashPassword, issueRefreshToken, toPublicUser, verifyPassword } from './auth.service';

const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

export class AccountService {
  constructor(private readonly ctx: ApiContext) {}

  private async user(userId: string): Promise<UserRow> {
    const user = await usersRepository.findById(this.ctx.db, userId);
    if (!user) throw Errors.unauthenticated(ACCOUNT_GONE);
    return user;
  }

  async profile(userId: string): Promise<PublicUser> {
    return toPublicUser(this.ctx, await this.user(userId));
  }

  async updateName(userId: string, name: string): Promise<PublicUser> {
    const user = await usersRepository.updateName(this.ctx.db, userId, name);
    if (!user) throw Errors.unauthenticated(ACCOUNT_GONE);
    return toPublicUser(this.ctx, user);
  }

  /**
   * Checks the current password, stores the new hash and revokes every refresh token of the user
   * (other browsers are signed out when their access token expires), then starts a fresh session
   * for the caller so this browser stays signed in. One transaction: all of it or none.
   */
  async changePassword(
    userId: string,
    input: { currentPassword: string; newPassword: string },
  ): Promise<{ token: string; refreshToken: string }> {
    const user = await this.user(userId);
    // 400, not 401: a 401 would sign the caller out of the app for a typo.
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw Errors.validation('Current password is incorrect', [{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    }
    if (input.currentPassword === input.newPassword) {
      throw Errors.validation('New password must be different from the current password', [
        { path: 'newPassword', message: 'New password must be different from the current password' },
      ]);
    }
    const passwordHash = await hashPassword(input.newPassword);
    const refreshToken = await this.ctx.db.transaction(async (tx) => {
      await usersRepository.updatePasswordHash(tx, userId, passwordHash);
      await refreshTokensRepository.revokeAllForUser(tx, userId);
      return issueRefreshToken(this.ctx, tx, userId);
    });
    // Access tokens issued before now stop working too (this session gets a new one).
    await this.ctx.tokens.revocations?.revokeIssuedBefore(userId, Date.now());
    this.ctx.logger.info({ userId }, 'password changed: sessions revoked');
    return { token: await this.ctx.tokens.signAccess(userId), refreshToken };
  }
}
