import { and, asc, count, eq, gt, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { billingNotices, paymentEvents, payments, paypalCatalog, receiptCounters, subscriptions, users } from '../db/schema';
import type { PaymentRow } from './payments.repository';
import type { SubscriptionRow } from './subscriptions.repository';

export type BillingNoticeRow = typeof billingNotices.$inferSelect;
export type BillingNoticeKind = 'receipt' | 'reminder-7' | 'reminder-1' | 'expired' | 'payment-failed';

/** GL-<year>-<6 digits>. */
export const formatReceiptNumber = (year: number, n: number) => `GL-${year}-${String(n).padStart(6, '0')}`;

export const billingRepository = {
  /**
   * The next receipt number of `year`, inside the completing payment's transaction: the counter
   * row is locked until that transaction ends, so numbers are consecutive and a rollback leaves no gap.
   */
  async nextReceiptNumber(tx: DbOrTx, year: number): Promise<string> {
    const [row] = await tx
      .insert(receiptCounters)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({ target: receiptCounters.year, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
      .returning({ lastNumber: receiptCounters.lastNumber });
    return formatReceiptNumber(year, row!.lastNumber);
  },

  async setReceipt(
    tx: DbOrTx,
    paymentId: string,
    input: { receiptNumber: string; periodStart: Date; periodEnd: Date },
  ): Promise<PaymentRow> {
    const [row] = await tx.update(payments).set(input).where(eq(payments.id, paymentId)).returning();
    return row!;
  },

  /** Completed payments that paid for the active subscription's periods (its chain), for upgrade credit. */
  async paidPeriodsOf(db: DbOrTx, active: SubscriptionRow): Promise<PaymentRow[]> {
    const conditions = [
      eq(payments.userId, active.userId),
      eq(payments.status, 'completed'),
      eq(payments.planId, active.planId),
      isNotNull(payments.periodEnd),
      ...(active.currentPeriodStart ? [gte(payments.periodStart, active.currentPeriodStart)] : []),
      ...(active.currentPeriodEnd ? [lte(payments.periodEnd, active.currentPeriodEnd)] : []),
    ];
    return db
      .select()
      .from(payments)
      .where(and(...conditions))
      .orderBy(asc(payments.periodStart));
  },

  async findScheduled(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'scheduled')))
      .limit(1);
    return row;
  },

  async insertSubscription(
    tx: DbOrTx,
    input: {
      userId: string;
      planId: string;
      interval: string;
      status: 'active' | 'scheduled';
      currentPeriodStart: Date;
      currentPeriodEnd: Date;
      paymentId: string | null;
      provider: string | null;
      providerSubscriptionId?: string | null;
    },
  ): Promise<SubscriptionRow> {
    const [row] = await tx
      .insert(subscriptions)
      .values({ ...input, cancelAtPeriodEnd: false })
      .returning();
    return row!;
  },

  async setStatus(tx: DbOrTx, id: string, status: string): Promise<void> {
    await tx.update(subscriptions).set({ status, updatedAt: new Date() }).where(eq(subscriptions.id, id));
  },

  async countReceipts(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.userId, userId), isNotNull(payments.receiptNumber)));
    return row?.n ?? 0;
  },

  /** A receipt with its customer, only for the owner (anyone else: undefined). */
  async receiptFor(db: DbOrTx, userId: string, paymentId: string) {
    const [row] = await db
      .select({ payment: payments, name: users.name, email: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), isNotNull(payments.receiptNumber)))
      .limit(1);
    return row;
  },

  /** Records a billing e-mail once per dedupe key; returns the new row's id, or undefined when it already existed. */
  async insertNotice(
    db: DbOrTx,
    input: {
      userId: string;
      kind: BillingNoticeKind;
      dedupeKey: string;
      paymentId?: string | null;
      subscriptionId?: string | null;
      periodEnd?: Date | null;
    },
  ): Promise<string | undefined> {
    const [row] = await db
      .insert(billingNotices)
      .values(input)
      .onConflictDoNothing({ target: billingNotices.dedupeKey })
      .returning({ id: billingNotices.id });
    return row?.id;
  },

  async findNotice(db: DbOrTx, id: string) {
    const [row] = await db
      .select({ notice: billingNotices, name: users.name, email: users.email })
      .from(billingNotices)
      .innerJoin(users, eq(users.id, billingNotices.userId))
      .where(eq(billingNotices.id, id))
      .limit(1);
    return row;
  },

  async listPendingNotices(db: DbOrTx, olderThan: Date, limit = 200): Promise<Array<{ id: string }>> {
    return db
      .select({ id: billingNotices.id })
      .from(billingNotices)
      .where(and(eq(billingNotices.status, 'pending'), lte(billingNotices.createdAt, olderThan)))
      .limit(limit);
  },

  async markNoticeDelivered(db: DbOrTx, id: string): Promise<void> {
    await db.update(billingNotices).set({ status: 'delivered', deliveredAt: new Date() }).where(eq(billingNotices.id, id));
  },

  /** After the job's last attempt: a still pending notice is failed for good. */
  async markNoticeFailed(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(billingNotices)
      .set({ status: 'failed' })
      .where(and(eq(billingNotices.id, id), eq(billingNotices.status, 'pending')));
  },

  async markNoticeAttemptFailed(db: DbOrTx, id: string, error: string, final: boolean): Promise<void> {
    await db
      .update(billingNotices)
      .set({ attempts: sql`${billingNotices.attempts} + 1`, lastError: error.slice(0, 500), ...(final ? { status: 'failed' } : {}) })
      .where(eq(billingNotices.id, id));
  },

  /** Active subscriptions without auto-renew whose period ends within `until` (and has not ended yet at `now`). */
  async listEndingBetween(db: DbOrTx, now: Date, until: Date, limit = 500): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'active'),
          or(isNull(subscriptions.providerSubscriptionId), eq(subscriptions.cancelAtPeriodEnd, true)),
          gt(subscriptions.currentPeriodEnd, now),
          lte(subscriptions.currentPeriodEnd, until),
        ),
      )
      .limit(limit);
  },

  /** Active subscriptions whose period is over at `now`. */
  async listEnded(db: DbOrTx, now: Date, limit = 500): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
      .limit(limit);
  },

  /** A provider event (e.g. a PayPal webhook id) recorded once; undefined when it was already stored. */
  async insertProviderEvent(
    db: DbOrTx,
    input: { provider: string; providerEventId: string; kind: string; payload: unknown },
  ): Promise<string | undefined> {
    const [row] = await db
      .insert(paymentEvents)
      .values({ ...input, payload: input.payload ?? {} })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
      .returning({ id: paymentEvents.id });
    return row?.id;
  },

  async catalogId(db: DbOrTx, key: string): Promise<string | undefined> {
    const [row] = await db.select({ id: paypalCatalog.paypalId }).from(paypalCatalog).where(eq(paypalCatalog.key, key)).limit(1);
    return row?.id;
  },

  async saveCatalog(db: DbOrTx, input: { key: string; paypalId: string; name: string; details?: unknown }): Promise<void> {
    await db
      .insert(paypalCatalog)
      .values(input)
      .onConflictDoUpdate({ target: paypalCatalog.key, set: { paypalId: input.paypalId, name: input.name, updatedAt: new Date() } });
  },

  /** The newest subscription row (any status) carrying a PayPal subscription id. */
  async findByProviderSubscription(db: DbOrTx, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
      .orderBy(sql`${subscriptions.createdAt} desc`)
      .limit(1);
    return row;
  },

  /**
   * Every PayPal subscription id a user's subscriptions ever carried (for account deletion, which
   * cancels them at PayPal; one already cancelled or expired there is answered 422 and left be).
   */
  async paypalSubscriptionIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.providerSubscriptionId)));
    return rows.map((r) => r.id!).sort();
  },

  async setProviderSubscription(db: DbOrTx, id: string, providerSubscriptionId: string): Promise<void> {
    await db.update(subscriptions).set({ providerSubscriptionId, updatedAt: new Date() }).where(eq(subscriptions.id, id));
  },

  /** Auto-renew off (true) or on again (false) for the caller's own active subscription; undefined when it is not theirs or not active. */
  async setAutoRenewOff(db: DbOrTx, userId: string, id: string, off: boolean): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: off, updatedAt: new Date() })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
      .returning();
    return row;
  },

  /** Marks the first PayPal sale of a subscription as taken by its first payment; false when a sale already was. */
  async claimFirstSale(db: DbOrTx, paymentId: string, saleId: string): Promise<'claimed' | 'same' | 'taken'> {
    const [row] = await db
      .update(payments)
      .set({ providerPayload: sql`coalesce(${payments.providerPayload}, '{}'::jsonb) || jsonb_build_object('firstSale', ${saleId}::text)` })
      .where(and(eq(payments.id, paymentId), sql`not (coalesce(${payments.providerPayload}, '{}'::jsonb) ? 'firstSale')`))
      .returning({ id: payments.id });
    if (row) return 'claimed';
    const [p] = await db.select({ payload: payments.providerPayload }).from(payments).where(eq(payments.id, paymentId)).limit(1);
    return (p?.payload as { firstSale?: string } | null)?.firstSale === saleId ? 'same' : 'taken';
  },

  async markEventApplied(db: DbOrTx, id: string, paymentId?: string | null): Promise<void> {
    await db
      .update(paymentEvents)
      .set({ appliedAt: new Date(), ...(paymentId ? { paymentId } : {}) })
      .where(eq(paymentEvents.id, id));
  },
};
