import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../platform/db/database';
import {
  apiKeys,
  campaignLines,
  campaigns,
  generations,
  newsletterSubscribers,
  paymentEvents,
  payments,
  savedLines,
  subscriptions,
  webhookDeliveries,
  webhookEndpoints,
} from '../schema';

type OwnedTable = PgTable & { userId: PgColumn; createdAt: PgColumn };

/**
 * One export section: the named columns of the user's rows in `table`, oldest first. Columns are
 * listed explicitly, so secrets and hashes never leave (api keys give name and prefix only).
 */
function ownedRows<T extends OwnedTable, K extends keyof T & string>(table: T, columns: readonly K[]) {
  const fields = Object.fromEntries(columns.map((c) => [c, table[c]])) as unknown as { [C in K]: T[C] & PgColumn };
  return (db: DbOrTx, userId: string) =>
    db
      .select(fields)
      .from(table as PgTable)
      .where(eq(table.userId, userId))
      .orderBy(asc(table.createdAt));
}

/** What GET /users/export and DELETE /users/account read and change, by user. */
export const accountDataRepository = {
  savedLines: ownedRows(savedLines, ['id', 'text', 'category', 'tone', 'platform', 'approvedByName', 'approvedAt', 'createdAt']),
  generations: ownedRows(generations, [
    'id',
    'category',
    'tone',
    'topic',
    'prompt',
    'language',
    'count',
    'status',
    'source',
    'lines',
    'platform',
    'hashtags',
    'emoji',
    'refinements',
    'createdAt',
    'completedAt',
  ]),
  payments: ownedRows(payments, [
    'id',
    'provider',
    'providerRef',
    'planId',
    'interval',
    'amountMinor',
    'currency',
    'status',
    'phone',
    'createdAt',
    'completedAt',
  ]),
  subscriptions: ownedRows(subscriptions, ['id', 'planId', 'interval', 'status', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'createdAt']),
  apiKeys: ownedRows(apiKeys, ['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt']),
  /** Endpoints without their signing secret. */
  webhookEndpoints: ownedRows(webhookEndpoints, [
    'id',
    'url',
    'events',
    'disabledAt',
    'disabledReason',
    'failingSince',
    'secretRotatedAt',
    'createdAt',
  ]),
  /** The deliveries still kept (30 days after they ended, or pending), with the payload sent. */
  webhookDeliveries: ownedRows(webhookDeliveries, [
    'id',
    'endpointId',
    'eventType',
    'status',
    'attempts',
    'payload',
    'createdAt',
    'finishedAt',
  ]),

  /** The user's campaigns, oldest first, each with its lines (day × platform; the text when edited by hand). */
  async campaigns(db: DbOrTx, userId: string) {
    const rows = await db
      .select({
        id: campaigns.id,
        occasion: campaigns.occasion,
        occasionDate: campaigns.occasionDate,
        startsOn: campaigns.startsOn,
        days: campaigns.days,
        platforms: campaigns.platforms,
        category: campaigns.category,
        tone: campaigns.tone,
        topic: campaigns.topic,
        brandId: campaigns.brandId,
        language: campaigns.language,
        status: campaigns.status,
        createdAt: campaigns.createdAt,
        completedAt: campaigns.completedAt,
      })
      .from(campaigns)
      .where(eq(campaigns.userId, userId))
      .orderBy(asc(campaigns.createdAt));
    if (rows.length === 0) return [];
    const lines = await db
      .select({
        campaignId: campaignLines.campaignId,
        day: campaignLines.day,
        date: campaignLines.date,
        platform: campaignLines.platform,
        category: campaignLines.category,
        generationId: campaignLines.generationId,
        text: campaignLines.text,
        editedAt: campaignLines.editedAt,
      })
      .from(campaignLines)
      .where(
        inArray(
          campaignLines.campaignId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(campaignLines.day), asc(campaignLines.position));
    return rows.map((c) => ({ ...c, lines: lines.filter((l) => l.campaignId === c.id).map(({ campaignId: _c, ...l }) => l) }));
  },

  async newsletter(db: DbOrTx, email: string) {
    const [row] = await db
      .select({ subscribedAt: newsletterSubscribers.createdAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .limit(1);
    return row ? { subscribed: row.unsubscribedAt === null, ...row } : { subscribed: false };
  },

  async hasPendingPayment(db: DbOrTx, userId: string, provider: string): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.provider, provider), eq(payments.status, 'pending')))
      .limit(1);
    return Boolean(row);
  },

  /**
   * Keeps the user's payments for accounting but removes who made them: the link to the account,
   * the phone number and the raw provider payloads (which name the payer); a PayPal order never
   * captured is cancelled. Amount, currency, plan, provider reference, status and dates stay.
   */
  async anonymisePayments(db: DbOrTx, userId: string): Promise<number> {
    const ids = (await db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId))).map((r) => r.id);
    if (ids.length === 0) return 0;
    await db
      .update(payments)
      .set({
        userId: null,
        phone: null,
        requestPayload: null,
        providerPayload: null,
        status: sql`case when ${payments.status} = 'pending' then 'cancelled' else ${payments.status} end`,
        updatedAt: new Date(),
      })
      .where(inArray(payments.id, ids));
    await db
      .update(paymentEvents)
      .set({ payload: { anonymised: true } })
      .where(inArray(paymentEvents.paymentId, ids));
    return ids.length;
  },
};
