import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { newsletterSubscribers } from '../db/schema';

export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;

export const newsletterRepository = {
  /** Stores an e-mail once. `created` is false when it was already subscribed (the existing row is answered). */
  async subscribe(db: DbOrTx, email: string): Promise<{ subscriber: NewsletterSubscriberRow; created: boolean }> {
    const [inserted] = await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing().returning();
    if (inserted) return { subscriber: inserted, created: true };
    const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
    if (!existing) throw new Error('newsletter subscriber vanished during subscribe');
    return { subscriber: existing, created: false };
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
};
