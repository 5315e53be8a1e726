import type { PublicUser } from '@gl/core';
import {
  CREDENTIAL_LINK_KINDS,
  Errors,
  accountTokensRepository,
  sessionsRepository,
  usersRepository,
  type DeviceInfo,
  type UserRow,
} from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { deleteAccount } from './account-deletion';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { endAccountCredentials } from '../auth/trust-reset';
import { toPublicUser } from './public-user';
import { startSession } from '../auth/session-issuer';

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
   * Checks the current password, stores the new hash, ends every session of the user (refresh
   * and access tokens at once, open sockets closed) and voids pending reset and change-of-e-mail
   * links (asked for by whoever knew the old password), revokes the API keys and disables the
   * webhook endpoints, then starts a fresh session for the caller
   * so this browser stays signed in. One transaction: all of it or none.
   */
  async changePassword(
    userId: string,
    input: { currentPassword: string; newPassword: string },
    device: DeviceInfo = {},
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
    const session = await this.ctx.db.transaction(async (tx) => {
      await sessionsRepository.lockUser(tx, userId);
      await usersRepository.updatePasswordHash(tx, userId, passwordHash);
      // Every session and access token issued before now ends (this browser gets a new session).
      await sessionsRepository.revokeAllForUser(tx, userId);
      await accountTokensRepository.voidPending(tx, userId, CREDENTIAL_LINK_KINDS);
      // Whoever knew the old password may have made API keys or webhook endpoints (DESIGN §22).
      await endAccountCredentials(tx, userId);
      return startSession(this.ctx, tx, userId, device);
    });
    this.ctx.realtime.disconnect({ userId });
    this.ctx.logger.info({ userId }, 'password changed: sessions and API keys revoked, webhook endpoints disabled');
    return { token: session.token, refreshToken: session.refreshToken };
  }

  /** DELETE /users/account: the password again, then every deletion step (see account-deletion.ts). */
  async deleteAccount(userId: string, password: string, linkBase: string): Promise<{ deleted: true }> {
    const user = await this.user(userId);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw Errors.validation('Password is incorrect', [{ path: 'password', message: 'Password is incorrect' }]);
    }
    await deleteAccount(this.ctx, user, linkBase);
    return { deleted: true };
  }
}
