import { and, desc, eq, getTableColumns, gt, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { paymentEvents, payments, users } from '../schema';
import type { PaymentProvider, PaymentStatus } from './billing.contract';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** Result code stored when the user cancels a pending payment in the app (not a provider code). */
export const USER_CANCELLED_CODE = 'USER_CANCELLED';
/**
 * Result code of a PayPal sale for a subscription we no longer hold (the customer had left it):
 * recorded `pending` and refunded in full by the `paypal-refund` job, never applied to a plan.
 */
export const REFUND_DUE_CODE = 'REFUND_DUE';
/** A REFUND_DUE sale whose refund PayPal refused for good: shown to the customer, logged for us. */
export const REFUND_FAILED_CODE = 'REFUND_FAILED';

export interface NewPayment {
  userId: string;
  provider: PaymentProvider;
  planId: string;
  interval: string;
  amountMinor: number;
  /** Upgrade credit already taken off amountMinor. */
  creditMinor?: number;
  currency: string;
  phone?: string | null;
  requestPayload?: unknown;
  /** one-time | paypal-subscription (first payment) | paypal-renewal */
  kind?: string;
  resultCode?: string | null;
  resultDesc?: string | null;
  /** The provider's id of the money movement (PayPal capture or sale id), when known at once. */
  captureId?: string | null;
  /** M-Pesa: the payment's own short number (AccountReference, Paybill account number). */
  accountNumber?: string | null;
}

export interface PaymentTransition {
  status: Exclude<PaymentStatus, 'pending'>;
  resultCode?: string | null;
  resultDesc?: string | null;
  /** Merged into provider_payload under `result`. */
  providerResult?: unknown;
  /** The provider's id of the money movement (PayPal capture id), stored with a completion. */
  captureId?: string | null;
  /** M-Pesa's confirmation code (MpesaReceiptNumber, TransID), stored with a completion; unique. */
  mpesaReceipt?: string | null;
}

/** Paybill payments nobody paid in time (see PAYBILL_EXPIRED_CODE in mpesa-c2b.ts). */
const EXPIRED_CODE = 'EXPIRED';

export const paymentsRepository = {
  async insert(db: DbOrTx, input: NewPayment): Promise<PaymentRow> {
    const [row] = await db
      .insert(payments)
      .values({ ...input, status: 'pending' })
      .returning();
    return row!;
  },

  /** Inserts a payment with its provider reference; undefined when that reference is already recorded (a replay). */
  async insertOnce(db: DbOrTx, input: NewPayment & { providerRef: string }): Promise<PaymentRow | undefined> {
    const [row] = await db
      .insert(payments)
      .values({ ...input, status: 'pending' })
      .onConflictDoNothing({ target: [payments.provider, payments.providerRef] })
      .returning();
    return row;
  },

  async findById(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  },

  async findForUser(db: DbOrTx, userId: string, id: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.userId, userId)))
      .limit(1);
    return row;
  },

  async findByProviderRef(db: DbOrTx, provider: PaymentProvider, providerRef: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
      .limit(1);
    return row;
  },

  /** The M-Pesa payment whose own short number this is (a Paybill BillRefNumber). */
  async findByAccountNumber(db: DbOrTx, accountNumber: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.accountNumber, accountNumber)).limit(1);
    return row;
  },

  /** The payment an M-Pesa confirmation code (MpesaReceiptNumber, TransID) already settled. */
  async findByMpesaReceipt(db: DbOrTx, code: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.mpesaReceipt, code)).limit(1);
    return row;
  },

  /** Paybill payments still pending, created before `createdBefore` (their window is over: the reconciler expires them). */
  async listPaybillsToExpire(db: DbOrTx, kind: string, createdBefore: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.status, 'pending'), eq(payments.provider, 'mpesa'), eq(payments.kind, kind), lt(payments.createdAt, createdBefore)),
      )
      .limit(limit);
  },

  async listForUser(db: DbOrTx, userId: string, limit = 100): Promise<PaymentRow[]> {
    return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit);
  },

  /** Records the provider's reference (PayPal order id, Daraja CheckoutRequestID) once the provider accepted the request. */
  async setProviderRef(
    db: DbOrTx,
    id: string,
    input: { providerRef: string; requestPayload?: unknown; providerPayload?: unknown },
  ): Promise<PaymentRow | undefined> {
    const [row] = await db
      .update(payments)
      .set({
        providerRef: input.providerRef,
        ...(input.requestPayload !== undefined ? { requestPayload: input.requestPayload } : {}),
        ...(input.providerPayload !== undefined ? { providerPayload: input.providerPayload } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, id), isNull(payments.providerRef)))
      .returning();
    return row;
  },

  /**
   * The one way out of `pending`: a conditional UPDATE that only one caller can win. A completion
   * is also accepted after the user cancelled in the app (the provider says the money moved, so it
   * must be honoured); nothing else leaves a final state. Returns the row when this call changed it,
   * with its owner's interface language read by the same statement (`payment:updated` is sent in it).
   */
  async transition(db: DbOrTx, id: string, t: PaymentTransition): Promise<(PaymentRow & { ownerLanguage: string | null }) | undefined> {
    const leavable =
      t.status === 'completed'
        ? sql`(${payments.status} = 'pending' or (${payments.status} = 'cancelled' and ${payments.resultCode} in (${USER_CANCELLED_CODE}, ${EXPIRED_CODE})))`
        : sql`${payments.status} = 'pending'`;
    const now = new Date();
    const [row] = await db
      .update(payments)
      .set({
        status: t.status,
        resultCode: t.resultCode ?? null,
        resultDesc: t.resultDesc ?? null,
        ...(t.providerResult !== undefined
          ? {
              providerPayload: sql`coalesce(${payments.providerPayload}, '{}'::jsonb) || jsonb_build_object('result', ${JSON.stringify(t.providerResult)}::jsonb)`,
            }
          : {}),
        updatedAt: now,
        ...(t.status === 'completed' ? { completedAt: now } : {}),
        ...(t.captureId ? { captureId: t.captureId } : {}),
        ...(t.mpesaReceipt ? { mpesaReceipt: t.mpesaReceipt } : {}),
      })
      .where(and(eq(payments.id, id), leavable))
      .returning({
        ...getTableColumns(payments),
        ownerLanguage: sql<string | null>`(select ${users.language} from ${users} where ${users.id} = ${payments.userId})`,
      });
    return row;
  },

  /** The payment row, locked until the transaction ends (refunds lock it before the user, as settlement does). */
  async lockById(tx: DbOrTx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  },

  /** The payment whose provider money movement (PayPal capture or sale) has this id. */
  async findByCapture(db: DbOrTx, provider: PaymentProvider, captureId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.captureId, captureId)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  },

  /**
   * The credit reservation: a pending payment of this user, created after `since`, whose price took
   * off upgrade credit. While one is open no second order may use the credit (the caller holds the
   * user's row lock, so two orders cannot both see none).
   */
  async findOpenCreditReservation(tx: DbOrTx, userId: string, since: Date): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'pending'), gt(payments.creditMinor, 0), gt(payments.createdAt, since)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  },

  /** A completion whose upgrade credit had already been used elsewhere: the credit is voided, the period is what was paid for. */
  async voidCredit(tx: DbOrTx, id: string, note: { credit: number; reason: string }): Promise<void> {
    await tx
      .update(payments)
      .set({
        creditMinor: 0,
        providerPayload: sql`coalesce(${payments.providerPayload}, '{}'::jsonb) || jsonb_build_object('creditVoided', ${JSON.stringify(note)}::jsonb)`,
      })
      .where(eq(payments.id, id));
  },

  /** Adds a refund to the payment; at the full amount the payment is `refunded` (it then counts toward nothing). */
  async addRefund(tx: DbOrTx, id: string, amountMinor: number): Promise<PaymentRow> {
    const [row] = await tx
      .update(payments)
      .set({
        refundedMinor: sql`least(${payments.amountMinor}, ${payments.refundedMinor} + ${amountMinor})`,
        status: sql`case when ${payments.refundedMinor} + ${amountMinor} >= ${payments.amountMinor} then 'refunded' else ${payments.status} end`,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, id))
      .returning();
    return row!;
  },

  /**
   * Moves the periods of the user's completed payments for `planId` that lie in [from, until] earlier
   * by `ms` (a refunded period was taken out of the middle of a chain: the later ones close the gap).
   */
  async shiftPeriods(tx: DbOrTx, input: { userId: string; planId: string; from: Date; until: Date; ms: number }): Promise<void> {
    const by = `${Math.round(input.ms)} milliseconds`;
    await tx
      .update(payments)
      .set({
        periodStart: sql`${payments.periodStart} - ${by}::interval`,
        periodEnd: sql`${payments.periodEnd} - ${by}::interval`,
      })
      .where(
        and(
          eq(payments.userId, input.userId),
          eq(payments.planId, input.planId),
          eq(payments.status, 'completed'),
          gte(payments.periodStart, input.from),
          lte(payments.periodEnd, input.until),
        ),
      );
  },

  /** PayPal sales for subscriptions we no longer held, still to refund, recorded before `olderThan` (the reconciler's list). */
  async listRefundsDue(db: DbOrTx, olderThan: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), eq(payments.resultCode, REFUND_DUE_CODE), lt(payments.createdAt, olderThan)))
      .limit(limit);
  },

  async setPeriodEnd(tx: DbOrTx, id: string, periodEnd: Date): Promise<void> {
    await tx.update(payments).set({ periodEnd }).where(eq(payments.id, id));
  },

  async setResult(db: DbOrTx, id: string, input: { resultCode: string; resultDesc: string }): Promise<void> {
    await db
      .update(payments)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(payments.id, id));
  },

  /** Stores a raw provider notification before anything else happens. */
  async insertEvent(db: DbOrTx, input: { provider: PaymentProvider; kind: string; payload: unknown; paymentId?: string | null }) {
    const [row] = await db
      .insert(paymentEvents)
      .values({ provider: input.provider, kind: input.kind, payload: input.payload ?? {}, paymentId: input.paymentId ?? null })
      .returning({ id: paymentEvents.id });
    return row!.id;
  },

  /** What became of a stored notification: applied, or why it changed nothing (kept in last_error for the books). */
  async recordEventOutcome(db: DbOrTx, eventId: string, outcome: { paymentId?: string; applied: boolean; note?: string }): Promise<void> {
    await db
      .update(paymentEvents)
      .set({
        ...(outcome.paymentId ? { paymentId: outcome.paymentId } : {}),
        appliedAt: outcome.applied ? new Date() : null,
        lastError: outcome.note ?? null,
      })
      .where(eq(paymentEvents.id, eventId));
  },

  async linkEvent(db: DbOrTx, eventId: string, paymentId: string): Promise<void> {
    await db.update(paymentEvents).set({ paymentId }).where(eq(paymentEvents.id, eventId));
  },

  /** The stored event of `kind` whose payload has `key` = `value` (e.g. the Transaction Status query a result answers). */
  async findEventByPayload(db: DbOrTx, kind: string, key: string, value: string): Promise<PaymentEventRow | undefined> {
    const [row] = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.kind, kind), sql`${paymentEvents.payload}->>${key} = ${value}`))
      .limit(1);
    return row;
  },

  async listEvents(db: DbOrTx, paymentId: string): Promise<PaymentEventRow[]> {
    return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(paymentEvents.createdAt);
  },

  /** M-Pesa payments still pending with a checkout request, created in (createdAfter, createdBefore) (the reconciler's list). */
  async listPendingMpesa(
    db: DbOrTx,
    window: { createdAfter: Date; createdBefore: Date },
    limit: number,
  ): Promise<Array<{ id: string; checkoutRequestID: string }>> {
    const rows = await db
      .select({ id: payments.id, ref: payments.providerRef })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.provider, 'mpesa'),
          isNotNull(payments.providerRef),
          lt(payments.createdAt, window.createdBefore),
          gt(payments.createdAt, window.createdAfter),
        ),
      )
      .limit(limit);
    return rows.map((r) => ({ id: r.id, checkoutRequestID: r.ref! }));
  },
};
