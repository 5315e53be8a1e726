import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { newsletterSubscribers, newsletterUnsubscribeTokens } from '../schema';

export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;

export const newsletterRepository = {
  /** Stores an e-mail once. `created` is false when it was already subscribed (the existing row is answered). */
  /** `language`: the subscribing request's (the newsletter e-mails go out in it). */
  async subscribe(
    db: DbOrTx,
    email: string,
    linkBase?: string,
    language?: string,
  ): Promise<{ subscriber: NewsletterSubscriberRow; created: boolean }> {
    const [inserted] = await db.insert(newsletterSubscribers).values({ email, linkBase, language }).onConflictDoNothing().returning();
    if (inserted) return { subscriber: inserted, created: true };
    const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
    if (!existing) throw new Error('newsletter subscriber vanished during subscribe');
    if (existing.unsubscribedAt) {
      // Subscribing again after an unsubscribe: subscribed from now on.
      const [again] = await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: null, ...(language ? { language } : {}) })
        .where(eq(newsletterSubscribers.id, existing.id))
        .returning();
      return { subscriber: again ?? existing, created: false };
    }
    return { subscriber: existing, created: false };
  },

  async findByEmail(db: DbOrTx, email: string): Promise<NewsletterSubscriberRow | undefined> {
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
    return row;
  },

  /** Remembers the hash of an unsubscribe token put in a newsletter e-mail. */
  async addUnsubscribeToken(db: DbOrTx, subscriberId: string, tokenHash: string): Promise<void> {
    await db.insert(newsletterUnsubscribeTokens).values({ subscriberId, tokenHash });
  },

  /** Unsubscribes the owner of the token (idempotent); false when the token is unknown. */
  async unsubscribeByToken(db: DbOrTx, tokenHash: string): Promise<boolean> {
    const [token] = await db
      .select({ subscriberId: newsletterUnsubscribeTokens.subscriberId })
      .from(newsletterUnsubscribeTokens)
      .where(eq(newsletterUnsubscribeTokens.tokenHash, tokenHash))
      .limit(1);
    if (!token) return false;
    await db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
      .where(eq(newsletterSubscribers.id, token.subscriberId));
    return true;
  },

  /** A deleted account's address leaves the list too. */
  async deleteByEmail(db: DbOrTx, email: string): Promise<void> {
    await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  },

  async findById(db: DbOrTx, id: string): Promise<NewsletterSubscriberRow | undefined> {
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).limit(1);
    return row;
  },

  async markDelivered(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(newsletterSubscribers)
      .set({ welcomeStatus: 'delivered', attempts: sql`${newsletterSubscribers.attempts} + 1`, lastError: null, deliveredAt: new Date() })
      .where(eq(newsletterSubscribers.id, id));
  },

  /** Records a failed attempt; `final` marks the row failed (no more retries), otherwise it stays pending. */
  /** After the job's last attempt: a still pending row is failed for good (it stays stored with its last error). */
  async markFailed(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(newsletterSubscribers)
      .set({ welcomeStatus: 'failed' })
      .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.welcomeStatus, 'pending')));
  },

  async markAttemptFailed(db: DbOrTx, id: string, error: string, final: boolean): Promise<void> {
    await db
      .update(newsletterSubscribers)
      .set({
        welcomeStatus: final ? 'failed' : 'pending',
        attempts: sql`${newsletterSubscribers.attempts} + 1`,
        lastError: error.slice(0, 1000),
      })
      .where(eq(newsletterSubscribers.id, id));
  },

  /** Subscribers created before `createdBefore` whose welcome e-mail is still pending (the reconciler's list). */
  async listPendingWelcomes(db: DbOrTx, createdBefore: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.welcomeStatus, 'pending'), lt(newsletterSubscribers.createdAt, createdBefore)))
      .limit(limit);
  },
};
