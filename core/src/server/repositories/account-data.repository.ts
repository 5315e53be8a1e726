import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { apiKeys, generations, newsletterSubscribers, paymentEvents, payments, savedLines, subscriptions } from '../db/schema';

/**
 * What GET /users/export and DELETE /users/account read and change, by user. Export reads list
 * columns explicitly: secrets and hashes never leave (api keys give name and prefix only).
 */
export const accountDataRepository = {
  savedLines(db: DbOrTx, userId: string) {
    return db
      .select({
        id: savedLines.id,
        text: savedLines.text,
        category: savedLines.category,
        tone: savedLines.tone,
        createdAt: savedLines.createdAt,
      })
      .from(savedLines)
      .where(eq(savedLines.userId, userId))
      .orderBy(asc(savedLines.createdAt));
  },

  generations(db: DbOrTx, userId: string) {
    return db
      .select({
        id: generations.id,
        category: generations.category,
        tone: generations.tone,
        topic: generations.topic,
        prompt: generations.prompt,
        language: generations.language,
        count: generations.count,
        status: generations.status,
        source: generations.source,
        lines: generations.lines,
        createdAt: generations.createdAt,
        completedAt: generations.completedAt,
      })
      .from(generations)
      .where(eq(generations.userId, userId))
      .orderBy(asc(generations.createdAt));
  },

  payments(db: DbOrTx, userId: string) {
    return db
      .select({
        id: payments.id,
        provider: payments.provider,
        providerRef: payments.providerRef,
        planId: payments.planId,
        interval: payments.interval,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
        status: payments.status,
        phone: payments.phone,
        createdAt: payments.createdAt,
        completedAt: payments.completedAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt));
  },

  subscriptions(db: DbOrTx, userId: string) {
    return db
      .select({
        id: subscriptions.id,
        planId: subscriptions.planId,
        interval: subscriptions.interval,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.createdAt));
  },

  async newsletter(db: DbOrTx, email: string) {
    const [row] = await db
      .select({ subscribedAt: newsletterSubscribers.createdAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .limit(1);
    return row ? { subscribed: row.unsubscribedAt === null, ...row } : { subscribed: false };
  },

  apiKeys(db: DbOrTx, userId: string) {
    return db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(asc(apiKeys.createdAt));
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
