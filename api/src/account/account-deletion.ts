import {
  AppError,
  accountDataRepository,
  billingRepository,
  brandsRepository,
  Errors,
  newsletterRepository,
  PaypalApiError,
  PaypalClient,
  paypalSubscriptionsApi,
  teamsRepository,
  usersRepository,
  type DbOrTx,
  type OutboundEmailRow,
  type UserRow,
} from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { enqueueEmails, storeEmail } from '../common/outbox';

/**
 * One step of deleting an account. `check` runs first for every step and may refuse (nothing has
 * changed yet); `external` then talks to the outside world (e.g. cancel a PayPal subscription at
 * PayPal) before anything is deleted; `inTransaction` runs in the one transaction that deletes the
 * user. A new concern is one more entry in ACCOUNT_DELETION_STEPS.
 */
export interface AccountDeletionStep {
  name: string;
  check?(ctx: ApiContext, user: UserRow): Promise<void>;
  external?(ctx: ApiContext, user: UserRow): Promise<void>;
  inTransaction?(tx: DbOrTx, ctx: ApiContext, user: UserRow, info: DeletionInfo): Promise<void>;
}

export interface DeletionInfo {
  linkBase: string;
  /** E-mails stored by steps; enqueued after the transaction commits. */
  emails: OutboundEmailRow[];
  /** Teams the user was a member of (not owner): told `team:member-left` after the commit. */
  leftTeams: string[];
}

/** PayPal's answer when a subscription is already cancelled or expired (422) or unknown (404): nothing left to cancel. */
const alreadyGone = (err: unknown) => err instanceof PaypalApiError && (err.status === 404 || err.status === 422);

export const ACCOUNT_DELETION_STEPS: AccountDeletionStep[] = [
  {
    // A Daraja STK push may still complete: deleting now would lose who paid. Wait for it.
    name: 'no pending M-Pesa payment',
    async check(ctx, user) {
      if (await accountDataRepository.hasPendingPayment(ctx.db, user.id, 'mpesa')) {
        throw Errors.conflict(
          'An M-Pesa payment is still being processed. Please wait for it to finish (or cancel it) before deleting your account.',
        );
      }
    },
  },
  {
    // A team with other members would lose its owner. Alone in it, the team goes with the owner
    // (teams.owner_id cascades); a member's membership cascades with the user row.
    name: 'no team left without its owner',
    async check(ctx, user) {
      if (await teamsRepository.ownsTeamWithMembers(ctx.db, user.id)) throw Errors.conflict('Transfer ownership of your team first');
    },
  },
  {
    // An auto-renewing PayPal subscription would keep charging a person who has no account. Cancelled
    // at PayPal before anything is deleted; if PayPal cannot be reached the deletion stops (nothing
    // changed) and can simply be asked for again: one already cancelled answers 422, which is fine.
    name: 'cancel PayPal subscriptions at PayPal',
    async external(ctx, user) {
      const ids = await billingRepository.paypalSubscriptionIdsOf(ctx.db, user.id);
      if (ids.length === 0) return;
      const c = ctx.config;
      if (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET) {
        ctx.logger.error({ userId: user.id }, 'account deletion: PayPal subscriptions to cancel but PayPal is not configured');
        throw new AppError(
          'UNAVAILABLE',
          'Your PayPal subscription could not be cancelled right now, so your account was not deleted. Please try again later.',
        );
      }
      const client = new PaypalClient({ baseUrl: c.PAYPAL_BASE_URL, clientId: c.PAYPAL_CLIENT_ID, clientSecret: c.PAYPAL_CLIENT_SECRET });
      for (const id of ids) {
        try {
          await paypalSubscriptionsApi.change(client, id, 'cancel', 'The customer deleted their Genius Lines account');
          ctx.logger.info({ userId: user.id, providerSubscriptionId: id }, 'account deletion: PayPal subscription cancelled');
        } catch (err) {
          if (alreadyGone(err)) continue;
          ctx.logger.warn(
            { userId: user.id, providerSubscriptionId: id, err: (err as Error).message },
            'account deletion: PayPal cancel failed',
          );
          throw Errors.provider(
            'Your PayPal subscription could not be cancelled at PayPal, so your account was not deleted. Please try again.',
            err,
          );
        }
      }
    },
  },
  {
    // Team kits the user created stay with their team (its owner holds them); personal kits go with the user row.
    name: 'hand team brand kits over',
    inTransaction: async (tx, _ctx, user) => {
      await brandsRepository.handOverTeamKits(tx, user.id);
    },
  },
  {
    // The teams the user was a member of hear `team:member-left` once the deletion commits.
    name: 'remember teams to tell',
    inTransaction: async (tx, _ctx, user, info) => {
      const memberships = await teamsRepository.membershipsOf(tx, user.id);
      info.leftTeams.push(...memberships.filter((m) => m.role !== 'owner').map((m) => m.teamId));
    },
  },
  {
    // Payments and receipts stay for accounting, without the link to the person.
    name: 'anonymise payments',
    inTransaction: async (tx, _ctx, user) => {
      await accountDataRepository.anonymisePayments(tx, user.id);
    },
  },
  {
    name: 'leave the newsletter',
    inTransaction: (tx, _ctx, user) => newsletterRepository.deleteByEmail(tx, user.email),
  },
  {
    name: 'confirmation e-mail',
    inTransaction: async (tx, _ctx, user, info) => {
      info.emails.push(
        await storeEmail(tx, {
          kind: 'account-deleted',
          to: user.email,
          data: { linkBase: info.linkBase, name: user.name, language: user.language },
        }),
      );
    },
  },
  {
    // Last: the user row, and with it (ON DELETE CASCADE) sessions, refresh tokens, saved lines,
    // generations, API keys, subscriptions, e-mail tokens, personal brand kits, team memberships,
    // a team owned alone (with its kits), campaigns (with their lines) and webhook endpoints (with
    // their deliveries and attempts: a queued delivery then finds nothing to send).
    name: 'delete the user',
    inTransaction: async (tx, _ctx, user) => {
      await usersRepository.delete(tx, user.id);
    },
  },
];

/**
 * Deletes the account after every check passed: external steps, then one transaction, then the
 * user's open sockets are closed, their teams told and the e-mails enqueued.
 */
export async function deleteAccount(ctx: ApiContext, user: UserRow, linkBase: string, steps = ACCOUNT_DELETION_STEPS): Promise<void> {
  for (const step of steps) await step.check?.(ctx, user);
  for (const step of steps) await step.external?.(ctx, user);
  const info: DeletionInfo = { linkBase, emails: [], leftTeams: [] };
  await ctx.db.transaction(async (tx) => {
    for (const step of steps) await step.inTransaction?.(tx, ctx, user, info);
  });
  ctx.realtime.disconnect({ userId: user.id });
  for (const teamId of info.leftTeams) ctx.realtime.emit({ teamId }, 'team:member-left', { teamId, userId: user.id });
  ctx.logger.info({ userId: user.id }, 'account deleted');
  await enqueueEmails(ctx, info.emails);
}
