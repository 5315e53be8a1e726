import { and, asc, count, eq, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { billingNotices, paymentEvents, paymentRefunds, payments, paypalCatalog, receiptCounters, subscriptions, users } from '../schema';
import type { PaymentRow } from './payments.repository';
import type { SubscriptionRow } from './subscriptions.repository';
import { inForceSql, lapsedSql } from './in-force';

export type BillingNoticeRow = typeof billingNotices.$inferSelect;
export type BillingNoticeKind =
  'receipt' | 'reminder-7' | 'reminder-1' | 'expired' | 'payment-failed' | 'refund' | 'paypal-cancelled' | 'paypal-cancel-failed';
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** A delivery that claimed an event this long ago without finishing is taken to have died: another may claim it. */
const EVENT_CLAIM_MS = 60_000;

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
      replacesSubscriptionId?: string | null;
      cancelAtPeriodEnd?: boolean;
    },
  ): Promise<SubscriptionRow> {
    const [row] = await tx
      .insert(subscriptions)
      .values({ cancelAtPeriodEnd: false, ...input })
      .returning();
    return row!;
  },

  async setStatus(tx: DbOrTx, id: string, status: string): Promise<void> {
    await tx.update(subscriptions).set({ status, updatedAt: new Date() }).where(eq(subscriptions.id, id));
  },

  async findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
    return row;
  },

  /** Changes a subscription row (period end, status, auto-renew) inside the caller's transaction. */
  async updateSubscription(
    tx: DbOrTx,
    id: string,
    set: Partial<Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>>,
  ): Promise<SubscriptionRow> {
    const [row] = await tx
      .update(subscriptions)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(subscriptions.id, id))
      .returning();
    return row!;
  },

  /** Records a refund or reversal once by the provider's id; undefined when it was already recorded. */
  async insertRefund(
    tx: DbOrTx,
    input: {
      paymentId: string;
      provider: string;
      providerRefundId: string;
      kind: 'refund' | 'reversal';
      amountMinor: number;
      currency: string;
      effect: string;
    },
  ): Promise<PaymentRefundRow | undefined> {
    const [row] = await tx
      .insert(paymentRefunds)
      .values(input)
      .onConflictDoNothing({ target: [paymentRefunds.provider, paymentRefunds.providerRefundId] })
      .returning();
    return row;
  },

  /** The refund a `refund` notice is about (its dedupe key is `refund-<refund id>`). */
  async findRefundOfNotice(db: DbOrTx, dedupeKey: string): Promise<PaymentRefundRow | undefined> {
    const id = /^refund-([0-9a-f-]{36})$/.exec(dedupeKey)?.[1];
    if (!id) return undefined;
    const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).limit(1);
    return row;
  },

  async setRefundOutcome(tx: DbOrTx, id: string, outcome: { effect: string; message: string }): Promise<void> {
    await tx.update(paymentRefunds).set(outcome).where(eq(paymentRefunds.id, id));
  },

  /** The caller's refunds and reversals since `since`, newest first, with the payment they belong to (owner only). */
  async recentRefunds(db: DbOrTx, userId: string, since: Date) {
    return db
      .select({ refund: paymentRefunds, planId: payments.planId, interval: payments.interval, paymentAmount: payments.amountMinor })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(payments.userId, userId), gte(paymentRefunds.createdAt, since)))
      .orderBy(sql`${paymentRefunds.createdAt} desc`)
      .limit(20);
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
      paypalCancellationId?: string | null;
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
      .select({ notice: billingNotices, name: users.name, email: users.email, language: users.language, timeZone: users.timeZone })
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
          inForceSql(now),
          or(isNull(subscriptions.providerSubscriptionId), eq(subscriptions.cancelAtPeriodEnd, true)),
          lte(subscriptions.currentPeriodEnd, until),
        ),
      )
      .limit(limit);
  },

  /** Active subscriptions whose period is over at `now`. */
  async listEnded(db: DbOrTx, now: Date, limit = 500): Promise<SubscriptionRow[]> {
    return db.select().from(subscriptions).where(lapsedSql(now)).limit(limit);
  },

  /**
   * Claims a provider event (a PayPal webhook, by its id) for handling: `claimed` (stored now, or
   * stored earlier and its handling failed or died, so this delivery handles it), `done` (handled:
   * a replay, acknowledged and ignored), or `busy` (another delivery is handling it right now).
   */
  async claimProviderEvent(
    db: DbOrTx,
    input: { provider: string; providerEventId: string; kind: string; payload: unknown },
  ): Promise<{ state: 'claimed'; id: string } | { state: 'done' } | { state: 'busy' }> {
    const now = new Date();
    const [inserted] = await db
      .insert(paymentEvents)
      .values({ ...input, payload: input.payload ?? {}, claimedAt: now })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
      .returning({ id: paymentEvents.id });
    if (inserted) return { state: 'claimed', id: inserted.id };
    const [reclaimed] = await db
      .update(paymentEvents)
      .set({ claimedAt: now })
      .where(
        and(
          eq(paymentEvents.provider, input.provider),
          eq(paymentEvents.providerEventId, input.providerEventId),
          isNull(paymentEvents.appliedAt),
          or(isNull(paymentEvents.claimedAt), lt(paymentEvents.claimedAt, new Date(now.getTime() - EVENT_CLAIM_MS))),
        ),
      )
      .returning({ id: paymentEvents.id });
    if (reclaimed) return { state: 'claimed', id: reclaimed.id };
    const [existing] = await db
      .select({ appliedAt: paymentEvents.appliedAt })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, input.provider), eq(paymentEvents.providerEventId, input.providerEventId)))
      .limit(1);
    return existing?.appliedAt ? { state: 'done' } : { state: 'busy' };
  },

  /** The handling of a claimed event failed: the claim is released (the provider's retry handles it) and the error kept. */
  async releaseProviderEvent(db: DbOrTx, id: string, error: string): Promise<void> {
    await db
      .update(paymentEvents)
      .set({ claimedAt: null, lastError: error.slice(0, 500) })
      .where(and(eq(paymentEvents.id, id), isNull(paymentEvents.appliedAt)));
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

  /** Marks the first PayPal sale of a subscription as taken by its first payment (its capture id from then on). */
  async claimFirstSale(db: DbOrTx, paymentId: string, saleId: string): Promise<'claimed' | 'same' | 'taken'> {
    const [row] = await db
      .update(payments)
      .set({
        captureId: saleId,
        providerPayload: sql`coalesce(${payments.providerPayload}, '{}'::jsonb) || jsonb_build_object('firstSale', ${saleId}::text)`,
      })
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

  /** Links a stored event to its payment without marking it handled (the webhook marks it once handling finished). */
  async linkEventPayment(db: DbOrTx, id: string, paymentId: string): Promise<void> {
    await db.update(paymentEvents).set({ paymentId }).where(eq(paymentEvents.id, id));
  },
};
