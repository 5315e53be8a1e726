import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CategoryId, Tone } from '../platform/catalogue';
import type { TeamLineDto, TeamLinesPageDto } from './teams.contract';
import type { DbOrTx } from '../platform/db/database';
import { teamLines, users } from '../schema';
import { afterPosition, containsText, cursorTsOf, encodeCursor, newestFirst, type CursorPosition } from '../platform/db/keyset';
import { isTeamMemberSql } from './teams.repository';

const lineCursorTs = cursorTsOf(teamLines.createdAt);
const lineColumns = {
  id: teamLines.id,
  teamId: teamLines.teamId,
  text: teamLines.text,
  category: teamLines.category,
  tone: teamLines.tone,
  createdAt: teamLines.createdAt,
  savedById: teamLines.savedBy,
  savedByName: users.name,
  approvedByName: teamLines.approvedByName,
  approvedAt: teamLines.approvedAt,
};
type LineRow = {
  id: string;
  teamId: string;
  text: string;
  category: string;
  tone: string;
  createdAt: Date;
  savedById: string | null;
  savedByName: string | null;
  approvedByName?: string | null;
  approvedAt?: Date | null;
};

export function toTeamLineDto(row: LineRow): TeamLineDto {
  return {
    id: row.id,
    teamId: row.teamId,
    text: row.text,
    category: row.category as CategoryId,
    tone: row.tone as Tone,
    createdAt: row.createdAt.toISOString(),
    savedBy: row.savedById ? { userId: row.savedById, name: row.savedByName ?? '' } : null,
    ...(row.approvedByName && row.approvedAt ? { approvedBy: { name: row.approvedByName, at: row.approvedAt.toISOString() } } : {}),
  };
}

/** The team library: lines its members saved, read by members only. */
export const teamLinesRepository = {
  /**
   * Saves a line approved on an approval link to the team, marked approved (the same text already
   * there: marked now). The line as it now stands, and whether it is new.
   */
  async saveApproved(
    tx: DbOrTx,
    input: { teamId: string; savedBy: string; text: string; category: CategoryId; tone: Tone; approvedByName: string; approvedAt: Date },
  ): Promise<{ line: TeamLineDto; created: boolean }> {
    const [inserted] = await tx.insert(teamLines).values(input).onConflictDoNothing().returning({ id: teamLines.id });
    const sameText = and(eq(teamLines.teamId, input.teamId), sql`lower(${teamLines.text}) = lower(${input.text})`);
    if (!inserted) {
      await tx.update(teamLines).set({ approvedByName: input.approvedByName, approvedAt: input.approvedAt }).where(sameText);
    }
    const where = inserted ? eq(teamLines.id, inserted.id) : sameText;
    const [row] = await tx.select(lineColumns).from(teamLines).leftJoin(users, eq(users.id, teamLines.savedBy)).where(where).limit(1);
    return { line: toTeamLineDto(row!), created: Boolean(inserted) };
  },

  /** Saves a line to the team; the same text (any case) again answers the existing line. */
  async saveLine(
    tx: DbOrTx,
    input: { teamId: string; savedBy: string; text: string; category: CategoryId; tone: Tone },
  ): Promise<{ line: TeamLineDto; created: boolean }> {
    const [inserted] = await tx.insert(teamLines).values(input).onConflictDoNothing().returning({ id: teamLines.id });
    const where = inserted
      ? eq(teamLines.id, inserted.id)
      : and(eq(teamLines.teamId, input.teamId), sql`lower(${teamLines.text}) = lower(${input.text})`);
    const [row] = await tx.select(lineColumns).from(teamLines).leftJoin(users, eq(users.id, teamLines.savedBy)).where(where).limit(1);
    return { line: toTeamLineDto(row!), created: Boolean(inserted) };
  },

  /**
   * One page of the team's library for a member (membership checked in the same query: a
   * non-member reads nothing), newest first on (created_at desc, id desc), plus the total.
   */
  async listLines(
    db: DbOrTx,
    f: { teamId: string; callerId: string; search?: string; category?: CategoryId; limit: number; cursor?: CursorPosition },
  ): Promise<TeamLinesPageDto> {
    const parts: SQL[] = [eq(teamLines.teamId, f.teamId), isTeamMemberSql(f.teamId, f.callerId)];
    if (f.category) parts.push(eq(teamLines.category, f.category));
    if (f.search) parts.push(containsText(teamLines.text, f.search));
    const where = and(...parts)!;
    const after = f.cursor ? afterPosition(teamLines.createdAt, teamLines.id, f.cursor) : undefined;
    const [rows, [totalRow]] = await Promise.all([
      db
        .select({ ...lineColumns, cursorTs: lineCursorTs })
        .from(teamLines)
        .leftJoin(users, eq(users.id, teamLines.savedBy))
        .where(after ? and(where, after) : where)
        .orderBy(...newestFirst(teamLines.createdAt, teamLines.id))
        .limit(f.limit + 1),
      db.select({ total: count() }).from(teamLines).where(where),
    ]);
    const page = rows.slice(0, f.limit);
    const last = page[page.length - 1];
    return {
      savedLines: page.map(toTeamLineDto),
      total: Number(totalRow?.total ?? 0),
      nextCursor: rows.length > f.limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null,
    };
  },

  /** Deletes a line when the caller saved it or is the team's owner or an admin (checked in the DELETE). */
  async deleteLine(tx: DbOrTx, teamId: string, lineId: string, callerId: string, callerIsManager: boolean): Promise<boolean> {
    const rows = await tx
      .delete(teamLines)
      .where(and(eq(teamLines.id, lineId), eq(teamLines.teamId, teamId), callerIsManager ? sql`true` : eq(teamLines.savedBy, callerId)))
      .returning({ id: teamLines.id });
    return rows.length === 1;
  },

  async lineExists(db: DbOrTx, teamId: string, lineId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: teamLines.id })
      .from(teamLines)
      .where(and(eq(teamLines.id, lineId), eq(teamLines.teamId, teamId)));
    return Boolean(row);
  },
};
