import {
  accountDataRepository,
  Errors,
  newsletterRepository,
  teamsRepository,
  usersRepository,
  type DbOrTx,
  type OutboundEmailRow,
  type UserRow,
} from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { enqueueEmails, storeEmail } from './outbox';

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
}

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
        await storeEmail(tx, { kind: 'account-deleted', to: user.email, data: { linkBase: info.linkBase, name: user.name } }),
      );
    },
  },
  {
    // Last: the user row, and with it (ON DELETE CASCADE) sessions, refresh tokens, saved lines,
    // generations, API keys, subscriptions, e-mail tokens, team memberships and a team owned alone.
    name: 'delete the user',
    inTransaction: async (tx, _ctx, user) => {
      await usersRepository.delete(tx, user.id);
    },
  },
];

/**
 * Deletes the account after every check passed: external steps, then one transaction, then the
 * e-mails are enqueued and the user's open sockets are closed.
 */
export async function deleteAccount(ctx: ApiContext, user: UserRow, linkBase: string, steps = ACCOUNT_DELETION_STEPS): Promise<void> {
  for (const step of steps) await step.check?.(ctx, user);
  for (const step of steps) await step.external?.(ctx, user);
  const info: DeletionInfo = { linkBase, emails: [] };
  await ctx.db.transaction(async (tx) => {
    for (const step of steps) await step.inTransaction?.(tx, ctx, user, info);
  });
  ctx.realtime.disconnect({ userId: user.id });
  ctx.logger.info({ userId: user.id }, 'account deleted');
  await enqueueEmails(ctx, info.emails);
}
