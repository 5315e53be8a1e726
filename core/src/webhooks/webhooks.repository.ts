import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { WebhookAttemptDto, WebhookEndpointDto, WebhookEventType } from './webhooks.contract';
import type { DbOrTx } from '../platform/db/database';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export function toWebhookEndpointDto(row: WebhookEndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    status: row.disabledAt ? 'disabled' : 'active',
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    secretRotatedAt: row.secretRotatedAt?.toISOString() ?? null,
  };
}

/** Why an endpoint was disabled (stored in English, answered in the request's language from the server catalogue). */
export const WEBHOOK_DISABLED_FAILING = 'Every attempt failed for more than 24 hours';
export const WEBHOOK_DISABLED_TRUST_RESET =
  'Turned off when the password was changed or reset, or every device was signed out: check that this URL is yours';

/** Webhook attempts and finished deliveries are kept this many days (pruned on the billing sweep's schedule). */
export const WEBHOOK_HISTORY_DAYS = 30;

/** The `webhook-id` of every attempt of a delivery. */
export const webhookMessageId = (deliveryId: string) => `msg_${deliveryId}`;

export const webhooksRepository = {
  async createEndpoint(
    db: DbOrTx,
    input: { userId: string; url: string; events: string[]; secret: string; linkBase: string | null },
  ): Promise<WebhookEndpointRow> {
    const [row] = await db.insert(webhookEndpoints).values(input).returning();
    return row!;
  },

  async listEndpoints(db: DbOrTx, userId: string): Promise<WebhookEndpointRow[]> {
    return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt));
  },

  /**
   * Creates an endpoint unless the user already has `limit` of them; undefined when at the limit.
   * The user's row is locked for the transaction (as brand kits do), so concurrent creates are
   * counted one after the other and never pass the limit together.
   */
  async createEndpointWithin(
    db: DbOrTx,
    input: { userId: string; url: string; events: string[]; secret: string; linkBase: string | null },
    limit: number,
  ): Promise<WebhookEndpointRow | undefined> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if ((await webhooksRepository.countEndpoints(db, input.userId)) >= limit) return undefined;
    return webhooksRepository.createEndpoint(db, input);
  },

  /**
   * The account's trust was reset (password reset or change, sign out everywhere): every active
   * endpoint is disabled with the reason its owner sees, so whoever had the password receives
   * nothing more. Rotating an endpoint's secret turns it back on. Answers how many were disabled.
   */
  async disableAllForUser(db: DbOrTx, userId: string, reason: string = WEBHOOK_DISABLED_TRUST_RESET): Promise<number> {
    const rows = await db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date(), disabledReason: reason })
      .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id });
    return rows.length;
  },

  async countEndpoints(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    return Number(row?.n ?? 0);
  },

  async findEndpoint(db: DbOrTx, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
    return row;
  },

  /** The caller's own endpoint, or undefined (someone else's and a missing one look the same). */
  async findOwnedEndpoint(db: DbOrTx, userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .limit(1);
    return row;
  },

  async deleteOwnedEndpoint(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },

  /**
   * A new secret for the caller's endpoint. Rotating also re-enables a disabled endpoint and clears
   * its failure streak: the owner is looking at it again.
   */
  async rotateSecret(db: DbOrTx, userId: string, id: string, secret: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ secret, secretRotatedAt: new Date(), disabledAt: null, disabledReason: null, failingSince: null })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning();
    return row;
  },

  /**
   * One pending delivery per active endpoint of `userId` subscribed to `type`, in one statement.
   * The same `eventKey` for the same endpoint is recorded once (a repeated job records nothing).
   */
  async recordDeliveries(
    db: DbOrTx,
    event: { userId: string; type: WebhookEventType; eventKey: string; payload: WebhookDeliveryRow['payload'] },
  ): Promise<string[]> {
    const rows = await db
      .insert(webhookDeliveries)
      .select(
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            endpointId: sql<string>`${webhookEndpoints.id}`.as('endpoint_id'),
            userId: sql<string>`${webhookEndpoints.userId}`.as('user_id'),
            eventType: sql<string>`${event.type}`.as('event_type'),
            eventKey: sql<string>`${event.eventKey}`.as('event_key'),
            payload: sql<WebhookDeliveryRow['payload']>`${JSON.stringify(event.payload)}::jsonb`.as('payload'),
            status: sql<string>`'pending'`.as('status'),
            attempts: sql<number>`0`.as('attempts'),
            createdAt: sql<Date>`now()`.as('created_at'),
            finishedAt: sql<Date | null>`null::timestamptz`.as('finished_at'),
          })
          .from(webhookEndpoints)
          .where(
            and(
              eq(webhookEndpoints.userId, event.userId),
              isNull(webhookEndpoints.disabledAt),
              sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`,
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    return rows.map((r) => r.id);
  },

  async findDelivery(db: DbOrTx, id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
    return row;
  },

  /** Records one HTTP attempt and counts it on its delivery. */
  async recordAttempt(
    db: DbOrTx,
    input: {
      deliveryId: string;
      endpointId: string;
      attempt: number;
      outcome: 'succeeded' | 'failed';
      responseStatus: number | null;
      error: string | null;
      durationMs: number;
      at: Date;
    },
  ): Promise<void> {
    await db.insert(webhookAttempts).values({ ...input, error: input.error?.slice(0, 300) ?? null, createdAt: input.at });
    await db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(eq(webhookDeliveries.id, input.deliveryId));
  },

  /** A pending delivery ends (delivered, or failed for good); false when it had already ended. */
  async finishDelivery(db: DbOrTx, id: string, status: 'delivered' | 'failed'): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ status, finishedAt: new Date() })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  },

  /** A success ends the endpoint's failure streak. */
  async markEndpointHealthy(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`));
  },

  /** A failure starts the streak (or continues it); answers when the streak began. */
  async markEndpointFailing(db: DbOrTx, id: string, at: Date): Promise<Date | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, id))
      .returning({ failingSince: webhookEndpoints.failingSince });
    return row?.failingSince ?? undefined;
  },

  /**
   * Disables an endpoint whose failure streak began before `streakStartedBefore`; the row when this
   * call disabled it (only one caller wins, so its owner is e-mailed once).
   */
  async disableFailingEndpoint(db: DbOrTx, id: string, streakStartedBefore: Date, reason: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date(), disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt), lt(webhookEndpoints.failingSince, streakStartedBefore)))
      .returning();
    return row;
  },

  /**
   * Retention (WEBHOOK_HISTORY_DAYS): deletes up to `limit` attempts made before `before`, and up to
   * `limit` finished deliveries (their payloads hold line texts) that ended before it, with their
   * attempts. A pending delivery stays however old. Answers how many rows of each went.
   */
  async pruneHistory(db: DbOrTx, before: Date, limit: number): Promise<{ attempts: number; deliveries: number }> {
    const oldAttempts = db
      .select({ id: webhookAttempts.id })
      .from(webhookAttempts)
      .where(lt(webhookAttempts.createdAt, before))
      .limit(limit);
    const attempts = await db.delete(webhookAttempts).where(inArray(webhookAttempts.id, oldAttempts)).returning({ id: webhookAttempts.id });
    const finished = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.finishedAt, before)))
      .limit(limit);
    const deliveries = await db
      .delete(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, finished))
      .returning({ id: webhookDeliveries.id });
    return { attempts: attempts.length, deliveries: deliveries.length };
  },

  /** Deliveries still pending, recorded before `createdBefore` (the reconciler's list). */
  async listPendingDeliveries(db: DbOrTx, createdBefore: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, createdBefore)))
      .orderBy(webhookDeliveries.createdAt)
      .limit(limit);
  },

  /** The latest attempts at the caller's endpoint, newest first (empty for someone else's endpoint). */
  async listAttempts(db: DbOrTx, userId: string, endpointId: string, limit: number): Promise<WebhookAttemptDto[]> {
    const rows = await db
      .select({
        id: webhookAttempts.id,
        deliveryId: webhookAttempts.deliveryId,
        eventType: webhookDeliveries.eventType,
        attempt: webhookAttempts.attempt,
        outcome: webhookAttempts.outcome,
        responseStatus: webhookAttempts.responseStatus,
        error: webhookAttempts.error,
        durationMs: webhookAttempts.durationMs,
        createdAt: webhookAttempts.createdAt,
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookAttempts.endpointId))
      .where(and(eq(webhookAttempts.endpointId, endpointId), eq(webhookEndpoints.userId, userId)))
      .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      messageId: webhookMessageId(r.deliveryId),
      eventType: r.eventType as WebhookEventType,
      attempt: r.attempt,
      outcome: r.outcome as 'succeeded' | 'failed',
      responseStatus: r.responseStatus,
      error: r.error,
      durationMs: r.durationMs,
      createdAt: r.createdAt.toISOString(),
    }));
  },
};
