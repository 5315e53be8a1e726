import { randomBytes } from 'node:crypto';
import type { AuthResult, PublicUser } from '@gl/core';
import {
  CREDENTIAL_LINK_KINDS,
  Errors,
  accountTokensRepository,
  sessionsRepository,
  usersRepository,
  type AccountTokenKind,
  type DeviceInfo,
  type UserRow,
} from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { getDummyHash, hashPassword, verifyPassword } from './passwords';
import { toPublicUser } from '../account/public-user';
import { startSession } from './session-issuer';
import { endAccountCredentials } from './trust-reset';
import { enqueueEmails, storeEmail } from '../common/outbox';
import { sha256 } from './token.service';

const RESET_INVALID = 'This password reset link is invalid, expired or already used. Please request a new one.';
const VERIFY_INVALID = 'This verification link is invalid, expired or already used. Please request a new one.';
const EMAIL_TAKEN = 'An account with this email already exists';

const hours = (h: number) => h * 3600_000;

/** Stores a token request of `kind` (voiding older ones) and its e-mail in one transaction, then enqueues the e-mail. */
async function requestToken(
  ctx: ApiContext,
  user: UserRow,
  input: {
    kind: AccountTokenKind;
    email: string;
    ttlMs: number;
    mail: 'password-reset' | 'email-verification' | 'email-change';
    linkBase: string;
  },
): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const token = await accountTokensRepository.createRequest(tx, {
      userId: user.id,
      kind: input.kind,
      email: input.email,
      expiresAt: new Date(Date.now() + input.ttlMs),
    });
    return storeEmail(tx, { kind: input.mail, to: input.email, tokenId: token.id, data: { linkBase: input.linkBase, name: user.name } });
  });
  await enqueueEmails(ctx, [row]);
}

/** The verification link for the account's address (at sign-up and on "resend"). */
export function sendVerificationEmail(ctx: ApiContext, user: UserRow, linkBase: string): Promise<void> {
  return requestToken(ctx, user, {
    kind: 'email_verification',
    email: user.email,
    ttlMs: hours(ctx.config.EMAIL_VERIFICATION_TTL_HOURS),
    mail: 'email-verification',
    linkBase,
  });
}

export class AccountEmailsService {
  constructor(private readonly ctx: ApiContext) {}

  /**
   * The same answer, after the same work, whether or not an account uses the address (OWASP): one
   * argon2 computation either way (it dominates the time); known addresses also get a reset e-mail.
   */
  async forgotPassword(email: string, linkBase: string): Promise<{ sent: true }> {
    const user = await usersRepository.findByEmail(this.ctx.db, email);
    await verifyPassword(await getDummyHash(), randomBytes(16).toString('hex'));
    if (user) {
      await requestToken(this.ctx, user, {
        kind: 'password_reset',
        email: user.email,
        ttlMs: this.ctx.config.PASSWORD_RESET_TTL_MINUTES * 60_000,
        mail: 'password-reset',
        linkBase,
      });
    }
    return { sent: true };
  }

  /**
   * Sets the new password from a reset link, ends every earlier session (refresh and access tokens,
   * open sockets), voids every other pending reset and change-of-e-mail link, revokes the account's
   * API keys (whoever had the old password may have made them) and signs this browser in, all in one
   * transaction, and disables its webhook endpoints (DESIGN §22). Opening the link also proves the address.
   */
  async resetPassword(token: string, password: string, device: DeviceInfo): Promise<AuthResult> {
    const hash = sha256(token);
    const peek = await accountTokensRepository.findByHash(this.ctx.db, hash);
    if (!peek || peek.kind !== 'password_reset' || peek.usedAt || peek.voidedAt || peek.expiresAt.getTime() <= Date.now()) {
      throw Errors.invalidToken(RESET_INVALID);
    }
    const passwordHash = await hashPassword(password);
    const result = await this.ctx.db.transaction(async (tx) => {
      const row = await accountTokensRepository.consume(tx, hash, ['password_reset']);
      if (!row) return undefined;
      await sessionsRepository.lockUser(tx, row.userId);
      const user = await usersRepository.findById(tx, row.userId);
      if (!user || user.email !== row.email) return undefined;
      await usersRepository.updatePasswordHash(tx, user.id, passwordHash);
      if (!user.emailVerifiedAt) await usersRepository.setVerifiedEmail(tx, user.id, user.email);
      await sessionsRepository.revokeAllForUser(tx, user.id);
      const voidedLinks = await accountTokensRepository.voidPending(tx, user.id, CREDENTIAL_LINK_KINDS);
      const ended = await endAccountCredentials(tx, user.id);
      const session = await startSession(this.ctx, tx, user.id, device);
      return { user: (await usersRepository.findById(tx, user.id))!, session, voidedLinks, ...ended };
    });
    if (!result) throw Errors.invalidToken(RESET_INVALID);
    this.ctx.logger.info(
      {
        userId: result.user.id,
        voidedLinks: result.voidedLinks,
        revokedKeys: result.revokedKeys,
        disabledWebhooks: result.disabledWebhooks,
      },
      'password reset: every earlier session, pending link and API key revoked, webhook endpoints disabled',
    );
    this.disconnectEarlierSockets(result.user.id);
    return { user: await toPublicUser(this.ctx, result.user), token: result.session.token, refreshToken: result.session.refreshToken };
  }

  /** Opening a verification link: proves the address, or (change of e-mail) switches the account to it. */
  async verifyEmail(token: string): Promise<PublicUser> {
    const hash = sha256(token);
    const user = await this.ctx.db.transaction(async (tx) => {
      const row = await accountTokensRepository.consume(tx, hash, ['email_verification', 'email_change']);
      if (!row) throw Errors.invalidToken(VERIFY_INVALID);
      const owner = await usersRepository.findById(tx, row.userId);
      if (!owner) throw Errors.invalidToken(VERIFY_INVALID);
      if (row.kind === 'email_verification') {
        // The account moved to another address since this link was sent.
        if (owner.email !== row.email) throw Errors.invalidToken(VERIFY_INVALID);
        return owner.emailVerifiedAt ? owner : usersRepository.setVerifiedEmail(tx, owner.id, owner.email);
      }
      const taken = await usersRepository.findByEmail(tx, row.email);
      if (taken && taken.id !== owner.id) throw Errors.conflict(EMAIL_TAKEN);
      return usersRepository.setVerifiedEmail(tx, owner.id, row.email);
    });
    if (!user) throw Errors.invalidToken(VERIFY_INVALID);
    const dto = await toPublicUser(this.ctx, user);
    this.ctx.realtime.emit({ userId: user.id }, 'account:updated', { user: dto });
    return dto;
  }

  async resendVerification(userId: string, linkBase: string): Promise<{ sent: true }> {
    const user = await usersRepository.findById(this.ctx.db, userId);
    if (!user) throw Errors.unauthenticated('Your account no longer exists. Please sign in again.');
    if (user.emailVerifiedAt) throw Errors.conflict('Your email address is already verified');
    await sendVerificationEmail(this.ctx, user, linkBase);
    return { sent: true };
  }

  /**
   * A change of e-mail: nothing changes until the link sent to the new address is opened; the old
   * address is told at once (so its owner can react if it was not them).
   */
  async requestEmailChange(userId: string, input: { newEmail: string; password: string }, linkBase: string): Promise<PublicUser> {
    const user = await usersRepository.findById(this.ctx.db, userId);
    if (!user) throw Errors.unauthenticated('Your account no longer exists. Please sign in again.');
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw Errors.validation('Password is incorrect', [{ path: 'password', message: 'Password is incorrect' }]);
    }
    if (input.newEmail === user.email) {
      throw Errors.validation('This is already your email address', [{ path: 'newEmail', message: 'This is already your email address' }]);
    }
    if (await usersRepository.findByEmail(this.ctx.db, input.newEmail)) throw Errors.conflict(EMAIL_TAKEN);
    const rows = await this.ctx.db.transaction(async (tx) => {
      const token = await accountTokensRepository.createRequest(tx, {
        userId: user.id,
        kind: 'email_change',
        email: input.newEmail,
        expiresAt: new Date(Date.now() + hours(this.ctx.config.EMAIL_VERIFICATION_TTL_HOURS)),
      });
      return [
        await storeEmail(tx, { kind: 'email-change', to: input.newEmail, tokenId: token.id, data: { linkBase, name: user.name } }),
        await storeEmail(tx, {
          kind: 'email-change-notice',
          to: user.email,
          data: { linkBase, name: user.name, newEmail: input.newEmail },
        }),
      ];
    });
    await enqueueEmails(this.ctx, rows);
    return toPublicUser(this.ctx, user);
  }

  private disconnectEarlierSockets(userId: string): void {
    this.ctx.realtime.disconnect({ userId });
  }
}
