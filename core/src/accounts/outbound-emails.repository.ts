import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { outboundEmails } from '../schema';

export type OutboundEmailRow = typeof outboundEmails.$inferSelect;
export const OUTBOUND_EMAIL_KINDS = [
  'password-reset',
  'email-verification',
  'email-change',
  'email-change-notice',
  'account-deleted',
  'webhook-disabled',
  'webhook-created',
  'webhook-secret-rotated',
] as const;
export type OutboundEmailKind = (typeof OUTBOUND_EMAIL_KINDS)[number];

export const outboundEmailsRepository = {
  async create(
    db: DbOrTx,
    input: { kind: OutboundEmailKind; to: string; tokenId?: string | null; data: OutboundEmailRow['data'] },
  ): Promise<OutboundEmailRow> {
    const [row] = await db.insert(outboundEmails).values(input).returning();
    return row!;
  },

  async findById(db: DbOrTx, id: string): Promise<OutboundEmailRow | undefined> {
    const [row] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, id)).limit(1);
    return row;
  },

  async markDelivered(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(outboundEmails)
      .set({ status: 'delivered', attempts: sql`${outboundEmails.attempts} + 1`, lastError: null, deliveredAt: new Date() })
      .where(eq(outboundEmails.id, id));
  },

  /** After the job's last attempt: a still pending row is failed for good (it stays stored with its last error). */
  async markFailed(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(outboundEmails)
      .set({ status: 'failed' })
      .where(and(eq(outboundEmails.id, id), eq(outboundEmails.status, 'pending')));
  },

  async markAttemptFailed(db: DbOrTx, id: string, error: string, final: boolean): Promise<void> {
    await db
      .update(outboundEmails)
      .set({ status: final ? 'failed' : 'pending', attempts: sql`${outboundEmails.attempts} + 1`, lastError: error.slice(0, 1000) })
      .where(eq(outboundEmails.id, id));
  },

  /** E-mails created before `createdBefore` and not yet delivered or failed (the reconciler's list). */
  async listPending(db: DbOrTx, createdBefore: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: outboundEmails.id })
      .from(outboundEmails)
      .where(and(eq(outboundEmails.status, 'pending'), lt(outboundEmails.createdAt, createdBefore)))
      .limit(limit);
  },
};
