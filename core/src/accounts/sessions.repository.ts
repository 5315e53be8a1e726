import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { prepared } from '../platform/db/prepared';
import type { DbOrTx } from '../platform/db/database';
import { refreshTokens, sessions, users } from '../schema';
import type { Plan } from '../platform/catalogue';
import { planFromLookup, planLookupColumns } from '../billing/plan-lookup.sql';

export type SessionRow = typeof sessions.$inferSelect;

/** What a device says about itself, kept on its session (bounded: headers are attacker-controlled). */
export interface DeviceInfo {
  userAgent?: string | null;
  ip?: string | null;
}
const clip = (v: string | null | undefined, max: number) => (v ? v.slice(0, max) : null);

/**
 * Checked on every authenticated request: one prepared statement (the user's row, and their session
 * if named), which also resolves the user's plan (see currentPlanFor), so a route that needs the plan
 * (generate, compare, the quota) does not ask for it again, and the account's language.
 */
const authStateStatement = prepared<{
  validFrom: Date | null;
  sessionLive: boolean;
  language: string;
  ownPlan: string | null;
  teamBusiness: boolean;
}>(
  'gl_auth_state',
  `select u.sessions_valid_from as "validFrom", u.language as "language",
     exists (select 1 from sessions s where s.id = $2::uuid and s.user_id = u.id and s.revoked_at is null) as "sessionLive",
     ${planLookupColumns('$1', '$3')}
   from users u where u.id = $1::uuid`,
);

export const sessionsRepository = {
  async create(db: DbOrTx, input: { id: string; userId: string } & DeviceInfo): Promise<void> {
    // The JS clock, like sessions_valid_from (PostgreSQL's now() is the transaction's start, which may be earlier).
    const now = new Date();
    await db.insert(sessions).values({
      id: input.id,
      userId: input.userId,
      userAgent: clip(input.userAgent, 300),
      ip: clip(input.ip, 64),
      createdAt: now,
      lastUsedAt: now,
    });
  },

  async findById(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
    return row;
  },

  /** A refresh of the session: when, and from where (the device may have moved networks). */
  async touch(db: DbOrTx, id: string, device: DeviceInfo): Promise<void> {
    const set: Partial<SessionRow> = { lastUsedAt: new Date() };
    if (device.ip) set.ip = clip(device.ip, 64);
    if (device.userAgent) set.userAgent = clip(device.userAgent, 300);
    await db.update(sessions).set(set).where(eq(sessions.id, id));
  },

  /** The user's live sessions, most recently used first. */
  async listLive(db: DbOrTx, userId: string): Promise<SessionRow[]> {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.lastUsedAt));
  },

  /** Ends one session of `userId` (its refresh tokens too); false when there is no such live session of theirs. */
  async revoke(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const now = new Date();
    const rows = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (rows.length === 0) return false;
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, id), isNull(refreshTokens.revokedAt)));
    return true;
  },

  /**
   * Ends every session of the user (except `keep`), their refresh tokens, and moves the user's
   * "valid from" to now, all on the user row first: a rotation racing this waits for the row lock
   * (see refresh) and then finds its session revoked.
   */
  async revokeAllForUser(db: DbOrTx, userId: string, opts: { keep?: string; at?: Date } = {}): Promise<number> {
    const now = opts.at ?? new Date();
    if (!opts.keep) await db.update(users).set({ sessionsValidFrom: now }).where(eq(users.id, userId));
    const where = opts.keep
      ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, opts.keep))
      : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    const ended = await db.update(sessions).set({ revokedAt: now }).where(where).returning({ id: sessions.id });
    const tokenWhere = opts.keep
      ? and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, opts.keep))
      : and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
    await db.update(refreshTokens).set({ revokedAt: now }).where(tokenWhere);
    return ended.length;
  },

  /**
   * What an access token is checked against, in one read: the user still exists, the token was
   * issued after the user's "valid from", and its session (if it names one) is live; with the
   * user's current plan (the same answer as currentPlanFor at `now`).
   */
  async authState(
    db: DbOrTx,
    userId: string,
    sessionId: string | undefined,
    now = new Date(),
  ): Promise<{ validFrom: Date | null; sessionLive: boolean; plan: Plan; language: string } | undefined> {
    const [row] = await authStateStatement.run(db, [userId, sessionId ?? null, now.toISOString()]);
    if (!row) return undefined;
    return { validFrom: row.validFrom, sessionLive: !sessionId || row.sessionLive, plan: planFromLookup(row), language: row.language };
  },

  /** Locks the user row until the transaction ends (serialises rotations with revocations). */
  async lockUser(db: DbOrTx, userId: string): Promise<{ validFrom: Date | null } | undefined> {
    const [row] = await db.select({ validFrom: users.sessionsValidFrom }).from(users).where(eq(users.id, userId)).for('update');
    return row;
  },
};
