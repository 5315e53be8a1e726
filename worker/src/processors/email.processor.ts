import { createHash, randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import type { z } from 'zod';
import { defaultTimeZone, formatTimeFor, resolveLanguage, safeTimeZone, type TimeReader, type UiLanguage } from '@gl/core';
import {
  accountTokensRepository,
  billingRepository,
  contactMessagesRepository,
  emailJob,
  newsletterRepository,
  outboundEmailsRepository,
  teamInvitationsRepository,
  teamsRepository,
  usersRepository,
  type Logger,
  type OutboundEmailKind,
} from '@gl/core/server';
import { deliver } from '../email/deliver';
import { registerProcessor, type WorkerContext } from '../processor';
import { deliverBillingNotice } from '../billing';

/** A token for an e-mail link: 32 random bytes, base64url; only its SHA-256 (hex) is stored. */
function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}

const PAGES: Partial<Record<OutboundEmailKind, string>> = {
  'password-reset': '/reset-password',
  'email-verification': '/verify-email',
  'email-change': '/verify-email',
};

function durationText(ms: number, lang: UiLanguage): string {
  const minutes = Math.round(ms / 60_000);
  if (lang === 'sw') return minutes < 120 ? `dakika ${minutes}` : `saa ${Math.round(minutes / 60)}`;
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.round(minutes / 60)} hours`;
}

/**
 * The recipient account's language and time zone at send time: the account the link's token belongs to, else
 * the account with this address, else the language kept with the e-mail (an account already
 * deleted), else English.
 */
async function recipientOf(
  ctx: WorkerContext,
  to: string,
  tokenUserId: string | undefined,
  stored: string | undefined,
): Promise<TimeReader> {
  const user = tokenUserId ? await usersRepository.findById(ctx.db, tokenUserId) : await usersRepository.findByEmail(ctx.db, to);
  const language = resolveLanguage(user?.language ?? stored);
  // Times in the e-mail are in the account's zone (DESIGN.md §20); an account already gone: by its language.
  return { language, timeZone: user ? safeTimeZone(user.timeZone) : defaultTimeZone({ language }) };
}

/**
 * An account e-mail. One carrying a link gets its token here, right before sending (so the token
 * is never stored anywhere but in the e-mail): a request voided or used meanwhile is not sent.
 */
async function deliverOutbound(ctx: WorkerContext, job: Job, emailId: string, log: Logger) {
  const row = await outboundEmailsRepository.findById(ctx.db, emailId);
  if (!row) return { skipped: 'unknown e-mail' };
  if (row.status !== 'pending') return { skipped: `already ${row.status}` };
  const kind = row.kind as OutboundEmailKind;
  let link: string | undefined;
  let validFor: string | undefined;
  let validUntil: string | undefined;
  const tokenRow = row.tokenId ? await accountTokensRepository.findById(ctx.db, row.tokenId) : undefined;
  const reader = await recipientOf(ctx, row.to, tokenRow?.userId, row.data.language);
  const { language } = reader;
  if (row.tokenId) {
    const { token, hash } = newEmailToken();
    const live = tokenRow && !tokenRow.usedAt && !tokenRow.voidedAt && tokenRow.expiresAt.getTime() > Date.now();
    if (!live || !(await accountTokensRepository.setHash(ctx.db, tokenRow.id, hash))) {
      await outboundEmailsRepository.markAttemptFailed(ctx.db, row.id, 'the link was voided, used or expired before it was sent', true);
      return { skipped: 'token no longer valid' };
    }
    link = `${row.data.linkBase}${PAGES[kind] ?? '/'}?token=${token}`;
    validFor = durationText(tokenRow.expiresAt.getTime() - tokenRow.createdAt.getTime(), language);
    validUntil = formatTimeFor(tokenRow.expiresAt, reader);
  }
  return deliver(
    ctx,
    job,
    {
      mail: {
        kind: 'account',
        template: kind,
        to: row.to,
        name: row.data.name,
        newEmail: row.data.newEmail,
        webhookUrl: row.data.webhookUrl,
        appUrl: row.data.linkBase,
        link,
        validFor,
        validUntil,
        language,
      },
      markDelivered: () => outboundEmailsRepository.markDelivered(ctx.db, row.id),
      markAttemptFailed: (error) => outboundEmailsRepository.markAttemptFailed(ctx.db, row.id, error, false),
    },
    log,
  );
}

/** After the last attempt (or a failure retrying cannot fix): the e-mail's row is failed for good and keeps its last error. */
async function markFailedForGood(ctx: WorkerContext, payload: EmailPayload, err: Error): Promise<void> {
  switch (payload.kind) {
    case 'outbound':
      return outboundEmailsRepository.markFailed(ctx.db, payload.emailId);
    case 'billing':
      return billingRepository.markNoticeFailed(ctx.db, payload.noticeId);
    case 'newsletter-welcome':
      return newsletterRepository.markFailed(ctx.db, payload.subscriberId);
    case 'team-invitation':
      return teamInvitationsRepository.markInvitationEmail(ctx.db, payload.invitationId, payload.sends, 'failed', err.message);
    case 'contact':
      return contactMessagesRepository.markFailed(ctx.db, payload.messageId);
  }
}

type EmailPayload = z.infer<typeof emailJob.schema>;

export const emailProcessor = registerProcessor(emailJob, (payload, ctx, job) => deliverEmail(payload, ctx, job), {
  onFinalFailure: (payload, ctx, _job, err) => markFailedForGood(ctx, payload, err),
});

async function deliverEmail(payload: EmailPayload, ctx: WorkerContext, job: Job) {
  const log = ctx.logger.child({ queue: 'email' });
  if (payload.kind === 'outbound') return deliverOutbound(ctx, job, payload.emailId, log);
  if (payload.kind === 'billing') return deliverBillingNotice(ctx, job, payload.noticeId, log);
  if (payload.kind === 'newsletter-welcome') {
    const row = await newsletterRepository.findById(ctx.db, payload.subscriberId);
    if (!row) return { skipped: 'unknown subscriber' };
    if (row.welcomeStatus === 'delivered') return { skipped: 'already delivered' };
    if (row.unsubscribedAt) return { skipped: 'unsubscribed' };
    // Each newsletter e-mail carries its own unsubscribe token (only the hash is stored).
    const base = (row.linkBase ?? ctx.config.PUBLIC_URL)?.replace(/\/+$/, '');
    let unsubscribe: { oneClickUrl: string; pageUrl: string } | undefined;
    if (base) {
      const { token, hash } = newEmailToken();
      await newsletterRepository.addUnsubscribeToken(ctx.db, row.id, hash);
      unsubscribe = { oneClickUrl: `${base}/api/newsletter/unsubscribe?token=${token}`, pageUrl: `${base}/unsubscribe?token=${token}` };
    }
    return deliver(
      ctx,
      job,
      {
        mail: {
          kind: 'newsletter-welcome',
          to: row.email,
          subscribedAt: row.createdAt,
          unsubscribe,
          language: resolveLanguage(row.language),
        },
        markDelivered: () => newsletterRepository.markDelivered(ctx.db, row.id),
        markAttemptFailed: (error) => newsletterRepository.markAttemptFailed(ctx.db, row.id, error, false),
      },
      log,
    );
  }
  if (payload.kind === 'team-invitation') {
    const inv = await teamInvitationsRepository.findInvitation(ctx.db, payload.invitationId);
    if (!inv) return { skipped: 'unknown invitation' };
    // Revoked, accepted, re-sent (another send) or already delivered: this job has nothing to do.
    if (inv.revokedAt || inv.acceptedAt) return { skipped: 'invitation closed' };
    if (inv.sends !== payload.sends) return { skipped: 'superseded' };
    if (inv.emailStatus === 'delivered') return { skipped: 'already delivered' };
    const [team, inviter, invitee] = await Promise.all([
      teamsRepository.teamById(ctx.db, inv.teamId),
      inv.invitedBy ? usersRepository.findById(ctx.db, inv.invitedBy) : undefined,
      usersRepository.findByEmail(ctx.db, inv.email),
    ]);
    // The token is made here, right before sending, and only its hash is stored: it never sits in the job.
    const { token, hash } = newEmailToken();
    if (!(await teamInvitationsRepository.setInvitationToken(ctx.db, inv.id, inv.sends, hash)))
      return { skipped: 'invitation closed or superseded' };
    const link = `${inv.linkBase}/join?token=${token}`;
    return deliver(
      ctx,
      job,
      {
        mail: {
          kind: 'team-invitation',
          to: inv.email,
          teamName: team?.name ?? 'a team',
          inviterName: inviter?.name ?? 'A teammate',
          role: inv.role,
          link,
          expiresAt: inv.expiresAt,
          // The invitee has no account yet: the inviter's language when the invitation was sent.
          language: resolveLanguage(inv.language),
          // The expiry in the invitee's own zone when they have an account, else in the inviter's.
          timeZone: safeTimeZone(invitee?.timeZone ?? inviter?.timeZone ?? defaultTimeZone({ language: inv.language })),
        },
        markDelivered: () => teamInvitationsRepository.markInvitationEmail(ctx.db, inv.id, inv.sends, 'delivered', null),
        markAttemptFailed: (error) => teamInvitationsRepository.markInvitationEmail(ctx.db, inv.id, inv.sends, 'pending', error),
      },
      log,
    );
  }
  const row = await contactMessagesRepository.findById(ctx.db, payload.messageId);
  if (!row) return { skipped: 'unknown message' };
  if (row.status === 'delivered') return { skipped: 'already delivered' };
  return deliver(
    ctx,
    job,
    {
      mail: { kind: 'contact', name: row.name, email: row.email, subject: row.subject, message: row.message, receivedAt: row.createdAt },
      markDelivered: () => contactMessagesRepository.markDelivered(ctx.db, row.id),
      markAttemptFailed: (error) => contactMessagesRepository.markAttemptFailed(ctx.db, row.id, error, false),
    },
    log,
  );
}
