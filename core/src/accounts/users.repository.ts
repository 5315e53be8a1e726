import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { users } from '../schema';
import { resolveLanguage, type UiLanguage } from '../platform/i18n/languages';
import { KENYA_TIME_ZONE, safeTimeZone, type TimeReader } from '../platform/i18n/time';

export type UserRow = typeof users.$inferSelect;

export const usersRepository = {
  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  },
  /**
   * The account's interface language alone (English when the account is gone): for a message sent on
   * a rare path (a refund, a generation given up on) whose statement did not read it already.
   */
  async languageOf(db: DbOrTx, id: string): Promise<UiLanguage> {
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, id)).limit(1);
    return resolveLanguage(row?.language);
  },
  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async create(
    db: DbOrTx,
    input: { email: string; name: string; passwordHash: string; language?: string; timeZone?: string; timeZoneChosen?: boolean },
  ): Promise<UserRow> {
    const [row] = await db.insert(users).values(input).returning();
    return row!;
  },
  async updateName(db: DbOrTx, id: string, name: string): Promise<UserRow | undefined> {
    const [row] = await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  },
  /** The account's interface language (one of UI_LANGUAGES, checked by the caller). */
  async setLanguage(db: DbOrTx, id: string, language: string): Promise<UserRow | undefined> {
    const [row] = await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  },
  /** The account's IANA time zone (canonical, checked by the caller). */
  async setTimeZone(db: DbOrTx, id: string, timeZone: string): Promise<UserRow | undefined> {
    const [row] = await db.update(users).set({ timeZone, timeZoneChosen: true, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  },
  /**
   * An account paying from a Kenyan number whose zone was only guessed at sign-up (no browser zone)
   * is in Kenya's: Africa/Nairobi from now on (DESIGN.md §20). A chosen zone is never touched.
   * Answers the account when its zone changed (so its open pages can be told), else undefined.
   */
  async adoptKenyanTimeZone(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ timeZone: KENYA_TIME_ZONE, timeZoneChosen: true, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.timeZoneChosen, false)))
      .returning();
    return row;
  },
  /** What a time shown to the account is written for: its language and its zone. */
  async readerOf(db: DbOrTx, id: string): Promise<TimeReader> {
    const [row] = await db.select({ language: users.language, timeZone: users.timeZone }).from(users).where(eq(users.id, id)).limit(1);
    return { language: resolveLanguage(row?.language), timeZone: safeTimeZone(row?.timeZone) };
  },
  async updatePasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  },
  /** Marks the address proven; for a change of e-mail also switches to it. */
  async setVerifiedEmail(db: DbOrTx, id: string, email: string): Promise<UserRow | undefined> {
    const now = new Date();
    const [row] = await db.update(users).set({ email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, id)).returning();
    return row;
  },
  async delete(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length === 1;
  },
};
