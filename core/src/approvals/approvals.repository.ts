import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PlatformId } from '../lines';
import type { DbOrTx } from '../platform/db/database';
import {
  approvalDecisions,
  approvalLines,
  approvalLineVersions,
  approvalLinks,
  campaignLines,
  campaigns,
  generations,
  savedLines,
  teamLines,
  teamMembers,
  users,
} from '../schema';
import { isTeamMemberSql } from '../teams/server';
import type { ApprovalDecision, ApprovalLineState, ApprovalStatus } from './approval-limits';
import type { ApprovalDecisionDto, ApprovalDto, ApprovalLineDto, ApprovalSummaryDto, PublicApprovalLineDto } from './approvals.contract';

export type ApprovalLinkRow = typeof approvalLinks.$inferSelect;
export type ApprovalLineRow = typeof approvalLines.$inferSelect;

/** A line as copied into a link: its text and what it was written as. */
export interface SnapshotLine {
  text: string;
  platform: string | null;
  category: string | null;
  tone: string | null;
  /** The generation line the text is (null: none of the creator's, or edited by hand). */
  generationId?: string | null;
  generationIndex?: number | null;
}

export interface NewApprovalLink {
  tokenHash: string;
  userId: string;
  teamId: string | null;
  title: string;
  note: string | null;
  pinHash: string | null;
  language: 'en' | 'sw';
  sourceKind: 'generation' | 'campaign' | 'saved';
  sourceId: string | null;
  expiresAt: Date;
  lines: SnapshotLine[];
}

/** A decision as the public route accepted it. */
export interface DecisionInput {
  lineId: string;
  decision: ApprovalDecision;
  comment: string | null;
  version?: number;
}

/** One recorded decision, with the line's state after it. */
export interface RecordedDecision {
  id: string;
  lineId: string;
  version: number;
  text: string;
  decision: ApprovalDecision;
  state: ApprovalLineState;
  comment: string | null;
  createdAt: Date;
}

/** The link is the caller's, or their team's (membership read in the same query). */
export const approvalVisibleSql = (userId: string): SQL =>
  or(eq(approvalLinks.userId, userId), and(isNotNull(approvalLinks.teamId), isTeamMemberSql(approvalLinks.teamId, userId)))!;

/** open: not revoked, not expired (locked links count: they are still the creator's to unlock). */
const openSql = (now: Date): SQL => and(isNull(approvalLinks.revokedAt), sql`${approvalLinks.expiresAt} > ${now.toISOString()}`)!;

function statusSql(status: ApprovalStatus, now: Date): SQL {
  const at = now.toISOString();
  switch (status) {
    case 'revoked':
      return isNotNull(approvalLinks.revokedAt);
    case 'expired':
      return and(isNull(approvalLinks.revokedAt), sql`${approvalLinks.expiresAt} <= ${at}`)!;
    case 'locked':
      return and(openSql(now), isNotNull(approvalLinks.lockedAt))!;
    case 'open':
      return and(openSql(now), isNull(approvalLinks.lockedAt))!;
  }
}

export function approvalStatusOf(row: Pick<ApprovalLinkRow, 'revokedAt' | 'expiresAt' | 'lockedAt'>, now = new Date()): ApprovalStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.lockedAt) return 'locked';
  return 'open';
}

const asPlatform = (p: string | null) => (p as PlatformId | null) ?? null;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toPublicLine(l: Pick<ApprovalLineRow, 'id' | 'text' | 'platform' | 'state' | 'version'>): PublicApprovalLineDto {
  return { id: l.id, text: l.text, platform: asPlatform(l.platform), state: l.state as ApprovalLineState, version: l.version };
}

type LinkWithCreator = { link: ApprovalLinkRow; creatorName: string | null };

function toSummary({ link, creatorName }: LinkWithCreator, lines: Array<Pick<ApprovalLineRow, 'state'>>, now: Date): ApprovalSummaryDto {
  const count = (s: ApprovalLineState) => lines.filter((l) => l.state === s).length;
  return {
    id: link.id,
    title: link.title,
    note: link.note,
    language: link.language === 'sw' ? 'sw' : 'en',
    hasPin: link.pinHash !== null,
    status: approvalStatusOf(link, now),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: iso(link.revokedAt),
    lockedAt: iso(link.lockedAt),
    createdAt: link.createdAt.toISOString(),
    createdBy: creatorName === null ? null : { userId: link.userId, name: creatorName },
    teamId: link.teamId,
    counts: { total: lines.length, pending: count('pending'), approved: count('approved'), changesRequested: count('changes_requested') },
    lastDecisionAt: iso(link.lastDecisionAt),
  };
}

const linkWithCreator = { link: approvalLinks, creatorName: users.name };

/** Approval links: the snapshot, its versions and decisions, read and changed with the caller's rights in each query. */
export const approvalsRepository = {
  /**
   * Records a link with its lines (version 1 each) in one transaction, unless the creator already
   * has `openMax` open links ('too_many'; nothing written). Creations of one account are serialised.
   */
  async create(db: DbOrTx, input: NewApprovalLink, openMax: number, now = new Date()): Promise<{ id: string } | 'too_many'> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`approval-links:${input.userId}`}))`);
      const [open] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(approvalLinks)
        .where(and(eq(approvalLinks.userId, input.userId), openSql(now)));
      if (Number(open?.n ?? 0) >= openMax) return 'too_many' as const;
      const { lines, ...link } = input;
      const [row] = await tx
        .insert(approvalLinks)
        .values({ ...link, createdAt: now, updatedAt: now })
        .returning({ id: approvalLinks.id });
      const inserted = await tx
        .insert(approvalLines)
        .values(lines.map((l, position) => ({ approvalId: row!.id, position, ...l, createdAt: now })))
        .returning({ id: approvalLines.id, text: approvalLines.text, platform: approvalLines.platform });
      await tx
        .insert(approvalLineVersions)
        .values(inserted.map((l) => ({ lineId: l.id, version: 1, text: l.text, platform: l.platform, createdAt: now })));
      return { id: row!.id };
    });
  },

  /** The lines of the caller's own completed generation (undefined when it is not theirs or has none). */
  async generationSource(db: DbOrTx, generationId: string, userId: string) {
    const [row] = await db
      .select({ lines: generations.lines, platform: generations.platform, category: generations.category, tone: generations.tone })
      .from(generations)
      .where(and(eq(generations.id, generationId), eq(generations.userId, userId), eq(generations.status, 'completed')));
    return row;
  },

  /**
   * The written lines of a campaign of the caller or of a member of the caller's team, by day then
   * platform (each the hand-edited text, else its generation's newest line). Empty when not theirs.
   */
  async campaignSource(db: DbOrTx, campaignId: string, userId: string) {
    const teammate = sql`exists (select 1 from ${teamMembers} mine join ${teamMembers} theirs on theirs.team_id = mine.team_id
      where mine.user_id = ${userId} and theirs.user_id = ${campaigns.userId})`;
    const rows = await db
      .select({
        id: campaignLines.id,
        text: campaignLines.text,
        lines: generations.lines,
        generationId: campaignLines.generationId,
        platform: campaignLines.platform,
        category: campaignLines.category,
        tone: campaigns.tone,
      })
      .from(campaignLines)
      .innerJoin(campaigns, eq(campaigns.id, campaignLines.campaignId))
      .innerJoin(generations, eq(generations.id, campaignLines.generationId))
      .where(and(eq(campaignLines.campaignId, campaignId), or(eq(campaigns.userId, userId), teammate)))
      .orderBy(asc(campaignLines.day), asc(campaignLines.position));
    return rows.flatMap((r) => {
      const text = r.text ?? r.lines.at(-1) ?? null;
      // A line edited by hand is no generation's line: it is refined from its text.
      const generated = r.text === null ? { generationId: r.generationId, generationIndex: r.lines.length - 1 } : {};
      return text === null ? [] : [{ id: r.id, text, platform: r.platform, category: r.category, tone: r.tone, ...generated }];
    });
  },

  /** Lines of the caller's library and of their team's library among `ids` (others are left out). */
  async savedSource(db: DbOrTx, ids: readonly string[], userId: string) {
    const own = await db
      .select({
        id: savedLines.id,
        text: savedLines.text,
        platform: savedLines.platform,
        category: savedLines.category,
        tone: savedLines.tone,
      })
      .from(savedLines)
      .where(and(inArray(savedLines.id, [...ids]), eq(savedLines.userId, userId)));
    const team = await db
      .select({ id: teamLines.id, text: teamLines.text, category: teamLines.category, tone: teamLines.tone })
      .from(teamLines)
      .where(and(inArray(teamLines.id, [...ids]), isTeamMemberSql(teamLines.teamId, userId)));
    return [...own, ...team.map((t) => ({ ...t, platform: null }))];
  },

  /** The link with its lines, versions and decisions, when the caller may see it. */
  async find(db: DbOrTx, id: string, userId: string, now = new Date()): Promise<ApprovalDto | undefined> {
    const [row] = await db
      .select(linkWithCreator)
      .from(approvalLinks)
      .leftJoin(users, eq(users.id, approvalLinks.userId))
      .where(and(eq(approvalLinks.id, id), approvalVisibleSql(userId)));
    if (!row) return undefined;
    return this.dtoOf(db, row, now);
  },

  /** The same facts for a link already authorised (the row in hand). */
  async dtoOf(db: DbOrTx, row: LinkWithCreator, now = new Date()): Promise<ApprovalDto> {
    const id = row.link.id;
    const lines = await db.select().from(approvalLines).where(eq(approvalLines.approvalId, id)).orderBy(asc(approvalLines.position));
    const lineIds = lines.map((l) => l.id);
    const versions = lineIds.length
      ? await db
          .select()
          .from(approvalLineVersions)
          .where(inArray(approvalLineVersions.lineId, lineIds))
          .orderBy(asc(approvalLineVersions.version))
      : [];
    const decisions = await db
      .select()
      .from(approvalDecisions)
      .where(eq(approvalDecisions.approvalId, id))
      .orderBy(asc(approvalDecisions.createdAt), asc(approvalDecisions.id));
    const lineDtos: ApprovalLineDto[] = lines.map((l) => ({
      id: l.id,
      position: l.position,
      text: l.text,
      platform: asPlatform(l.platform),
      version: l.version,
      state: l.state as ApprovalLineState,
      decidedBy: l.decidedBy,
      decidedAt: iso(l.decidedAt),
      versions: versions
        .filter((v) => v.lineId === l.id)
        .map((v) => ({ version: v.version, text: v.text, platform: asPlatform(v.platform), createdAt: v.createdAt.toISOString() })),
      decisions: decisions
        .filter((d) => d.lineId === l.id)
        .map((d): ApprovalDecisionDto => ({
          id: d.id,
          lineId: d.lineId,
          version: d.version,
          decision: d.decision as ApprovalDecision,
          reviewerName: d.reviewerName,
          comment: d.comment,
          createdAt: d.createdAt.toISOString(),
        })),
    }));
    return { ...toSummary(row, lines, now), lines: lineDtos };
  },

  /** The caller's links and their team's, newest first, with each one's line counts. */
  async list(
    db: DbOrTx,
    userId: string,
    opts: { limit: number; status?: ApprovalStatus },
    now = new Date(),
  ): Promise<ApprovalSummaryDto[]> {
    const where = opts.status ? and(approvalVisibleSql(userId), statusSql(opts.status, now)) : approvalVisibleSql(userId);
    const rows = await db
      .select(linkWithCreator)
      .from(approvalLinks)
      .leftJoin(users, eq(users.id, approvalLinks.userId))
      .where(where)
      .orderBy(desc(approvalLinks.createdAt), desc(approvalLinks.id))
      .limit(opts.limit);
    if (rows.length === 0) return [];
    const states = await db
      .select({ approvalId: approvalLines.approvalId, state: approvalLines.state })
      .from(approvalLines)
      .where(
        inArray(
          approvalLines.approvalId,
          rows.map((r) => r.link.id),
        ),
      );
    return rows.map((r) =>
      toSummary(
        r,
        states.filter((s) => s.approvalId === r.link.id),
        now,
      ),
    );
  },

  /** Changes a link the caller may see; the row after the change, or undefined (not theirs, or `onlyIf` not met). */
  async update(
    db: DbOrTx,
    id: string,
    userId: string,
    set: PgUpdateSetSource<typeof approvalLinks>,
    onlyIf?: SQL,
    now = new Date(),
  ): Promise<ApprovalLinkRow | undefined> {
    const [row] = await db
      .update(approvalLinks)
      .set({ ...set, updatedAt: now })
      .where(and(eq(approvalLinks.id, id), approvalVisibleSql(userId), onlyIf))
      .returning();
    return row;
  },

  /** The link row, locked for the rest of the transaction, when the caller may see it. */
  async lockVisible(tx: DbOrTx, id: string, userId: string): Promise<ApprovalLinkRow | undefined> {
    const [row] = await tx
      .select()
      .from(approvalLinks)
      .where(and(eq(approvalLinks.id, id), approvalVisibleSql(userId)))
      .for('update', { of: approvalLinks });
    return row;
  },

  async linkWithCreator(db: DbOrTx, id: string): Promise<LinkWithCreator | undefined> {
    const [row] = await db
      .select(linkWithCreator)
      .from(approvalLinks)
      .leftJoin(users, eq(users.id, approvalLinks.userId))
      .where(eq(approvalLinks.id, id));
    return row;
  },

  /**
   * New versions and new lines on a link (inside the caller's transaction, the link row locked):
   * a line with `replaces` gets version + 1 and is pending again (its versions and decisions stay);
   * others are appended. 'unknown_line' when a replaced id is not a line of this link (nothing kept
   * by the caller: it rolls back).
   */
  async addLines(
    tx: DbOrTx,
    approvalId: string,
    lines: Array<SnapshotLine & { replaces?: string }>,
    now = new Date(),
  ): Promise<{ changed: ApprovalLineRow[] } | 'unknown_line'> {
    const existing = await tx.select().from(approvalLines).where(eq(approvalLines.approvalId, approvalId));
    let next = existing.reduce((max, l) => Math.max(max, l.position + 1), 0);
    const changed: ApprovalLineRow[] = [];
    for (const line of lines) {
      if (line.replaces) {
        const old = existing.find((l) => l.id === line.replaces);
        if (!old) return 'unknown_line';
        const [row] = await tx
          .update(approvalLines)
          .set({
            version: old.version + 1,
            text: line.text,
            platform: line.platform ?? old.platform,
            generationId: line.generationId ?? null,
            generationIndex: line.generationIndex ?? null,
            state: 'pending',
            decidedBy: null,
            decidedAt: null,
          })
          .where(eq(approvalLines.id, old.id))
          .returning();
        await tx
          .insert(approvalLineVersions)
          .values({ lineId: old.id, version: row!.version, text: row!.text, platform: row!.platform, createdAt: now });
        changed.push(row!);
      } else {
        const [row] = await tx
          .insert(approvalLines)
          .values({
            approvalId,
            position: next++,
            text: line.text,
            platform: line.platform,
            category: line.category,
            tone: line.tone,
            generationId: line.generationId ?? null,
            generationIndex: line.generationIndex ?? null,
            createdAt: now,
          })
          .returning();
        await tx
          .insert(approvalLineVersions)
          .values({ lineId: row!.id, version: 1, text: row!.text, platform: row!.platform, createdAt: now });
        changed.push(row!);
      }
    }
    await tx.update(approvalLinks).set({ updatedAt: now }).where(eq(approvalLinks.id, approvalId));
    return { changed };
  },

  /** A line of a link the caller may see, with its link (undefined otherwise). */
  async lineOf(
    db: DbOrTx,
    approvalId: string,
    lineId: string,
    userId: string,
  ): Promise<{ line: ApprovalLineRow; link: ApprovalLinkRow } | undefined> {
    const [row] = await db
      .select({ line: approvalLines, link: approvalLinks })
      .from(approvalLines)
      .innerJoin(approvalLinks, eq(approvalLinks.id, approvalLines.approvalId))
      .where(and(eq(approvalLines.id, lineId), eq(approvalLines.approvalId, approvalId), approvalVisibleSql(userId)));
    return row;
  },

  async findByTokenHash(db: DbOrTx, tokenHash: string): Promise<ApprovalLinkRow | undefined> {
    const [row] = await db.select().from(approvalLinks).where(eq(approvalLinks.tokenHash, tokenHash));
    return row;
  },

  /** Counts a wrong PIN; the link locks when it reaches `max`. True when this attempt locked it. */
  async recordPinFailure(db: DbOrTx, id: string, max: number, now = new Date()): Promise<boolean> {
    const rows = await db
      .update(approvalLinks)
      .set({
        pinFailures: sql`${approvalLinks.pinFailures} + 1`,
        lockedAt: sql`case when ${approvalLinks.pinFailures} + 1 >= ${max} then coalesce(${approvalLinks.lockedAt}, ${now.toISOString()}::timestamptz) else ${approvalLinks.lockedAt} end`,
      })
      .where(eq(approvalLinks.id, id))
      .returning({ lockedAt: approvalLinks.lockedAt });
    return rows[0]?.lockedAt?.getTime() === now.getTime();
  },

  async publicLines(db: DbOrTx, approvalId: string): Promise<PublicApprovalLineDto[]> {
    const rows = await db
      .select({
        id: approvalLines.id,
        text: approvalLines.text,
        platform: approvalLines.platform,
        state: approvalLines.state,
        version: approvalLines.version,
      })
      .from(approvalLines)
      .where(eq(approvalLines.approvalId, approvalId))
      .orderBy(asc(approvalLines.position));
    return rows.map(toPublicLine);
  },

  /**
   * Records a reviewer's decisions in one transaction: each kept in the history; approve and
   * request_changes set the line's state (the last one committed wins), a comment leaves it.
   * 'unknown_line' for a line not in the link, 'stale' for a `version` that is no longer the line's
   * (nothing recorded either way). The link's summary becomes due. Stamped with the database's clock.
   */
  async decide(
    db: DbOrTx,
    approvalId: string,
    reviewerName: string,
    decisions: DecisionInput[],
    /** Runs in the same transaction once the decisions are recorded (the webhook events that report them). */
    alongside?: (tx: DbOrTx, recorded: RecordedDecision[]) => Promise<void>,
  ): Promise<{ recorded: RecordedDecision[]; allDecided: boolean; summaryRound: number } | 'unknown_line' | 'stale' | 'closed'> {
    class Refused extends Error {
      constructor(readonly why: 'unknown_line' | 'stale' | 'closed') {
        super(why);
      }
    }
    try {
      return await db.transaction(async (tx) => {
        // Decisions on one link are recorded one request at a time, each stamped after the lock: the
        // history's order is the order they took effect, so its last entry is the state that won.
        const [open] = await tx
          .select({ id: approvalLinks.id })
          .from(approvalLinks)
          .where(
            and(
              eq(approvalLinks.id, approvalId),
              isNull(approvalLinks.revokedAt),
              isNull(approvalLinks.lockedAt),
              sql`${approvalLinks.expiresAt} > now()`,
            ),
          )
          .for('update');
        // Revoked, locked or expired since the request found it: nothing is recorded.
        if (!open) throw new Refused('closed');
        const [clock] = await tx
          .select({ at: sql<string>`clock_timestamp()` })
          .from(approvalLinks)
          .where(eq(approvalLinks.id, approvalId));
        const now = clock ? new Date(clock.at) : new Date();
        const recorded: RecordedDecision[] = [];
        for (const d of decisions) {
          const state = d.decision === 'approve' ? 'approved' : d.decision === 'request_changes' ? 'changes_requested' : undefined;
          const where = and(eq(approvalLines.id, d.lineId), eq(approvalLines.approvalId, approvalId));
          const [line] = state
            ? await tx.update(approvalLines).set({ state, decidedBy: reviewerName, decidedAt: now }).where(where).returning()
            : await tx.select().from(approvalLines).where(where).for('update');
          if (!line) throw new Refused('unknown_line');
          if (d.version !== undefined && d.version !== line.version) throw new Refused('stale');
          const [row] = await tx
            .insert(approvalDecisions)
            .values({
              approvalId,
              lineId: line.id,
              version: line.version,
              decision: d.decision,
              reviewerName,
              comment: d.comment,
              createdAt: now,
            })
            .returning({ id: approvalDecisions.id });
          recorded.push({
            id: row!.id,
            lineId: line.id,
            version: line.version,
            text: line.text,
            decision: d.decision,
            state: line.state as ApprovalLineState,
            comment: d.comment,
            createdAt: now,
          });
        }
        const [link] = await tx
          .update(approvalLinks)
          .set({ lastDecisionAt: now, summaryPending: true })
          .where(eq(approvalLinks.id, approvalId))
          .returning({ summaryRound: approvalLinks.summaryRound });
        const [pending] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(approvalLines)
          .where(and(eq(approvalLines.approvalId, approvalId), eq(approvalLines.state, 'pending')));
        await alongside?.(tx, recorded);
        return { recorded, allDecided: Number(pending?.n ?? 0) === 0, summaryRound: link!.summaryRound };
      });
    } catch (err) {
      if (err instanceof Refused) return err.why;
      throw err;
    }
  },

  /** Links whose summary e-mail is due: decisions not summarised, and every line decided or the last decision before `quietBefore`. */
  async listSummariesDue(db: DbOrTx, quietBefore: Date, limit: number): Promise<Array<{ id: string; summaryRound: number }>> {
    const undecided = sql`exists (select 1 from ${approvalLines} where ${approvalLines.approvalId} = ${approvalLinks.id} and ${approvalLines.state} = 'pending')`;
    return db
      .select({ id: approvalLinks.id, summaryRound: approvalLinks.summaryRound })
      .from(approvalLinks)
      .where(and(eq(approvalLinks.summaryPending, true), or(lte(approvalLinks.lastDecisionAt, quietBefore), sql`not ${undecided}`)))
      .orderBy(asc(approvalLinks.lastDecisionAt))
      .limit(limit);
  },

  /**
   * Marks round `round`'s summary sent (false when it already was: another run sent it). A decision
   * made after `seenUntil` (the last decision the e-mail told of) leaves the next round pending.
   */
  async markSummarySent(db: DbOrTx, id: string, round: number, seenUntil?: Date | null): Promise<boolean> {
    const later = seenUntil
      ? sql`date_trunc('milliseconds', ${approvalLinks.lastDecisionAt}) > ${seenUntil.toISOString()}::timestamptz`
      : sql`false`;
    const rows = await db
      .update(approvalLinks)
      .set({ summaryPending: later, summaryRound: round + 1 })
      .where(and(eq(approvalLinks.id, id), eq(approvalLinks.summaryRound, round), eq(approvalLinks.summaryPending, true)))
      .returning({ id: approvalLinks.id });
    return rows.length > 0;
  },

  /** For the summary e-mail: the link, its creator (address, name, language, zone) and every line's current state. */
  async summaryOf(db: DbOrTx, id: string) {
    const [row] = await db
      .select({
        link: approvalLinks,
        email: users.email,
        name: users.name,
        language: users.language,
        timeZone: users.timeZone,
      })
      .from(approvalLinks)
      .innerJoin(users, eq(users.id, approvalLinks.userId))
      .where(eq(approvalLinks.id, id));
    if (!row) return undefined;
    const lines = await db.select().from(approvalLines).where(eq(approvalLines.approvalId, id)).orderBy(asc(approvalLines.position));
    const comments = await db
      .select()
      .from(approvalDecisions)
      .where(and(eq(approvalDecisions.approvalId, id), isNotNull(approvalDecisions.comment)))
      .orderBy(asc(approvalDecisions.createdAt));
    return { ...row, lines, comments };
  },

  /** The approved lines (current versions) of a link, in order. */
  async approvedLines(db: DbOrTx, id: string): Promise<ApprovalLineRow[]> {
    return db
      .select()
      .from(approvalLines)
      .where(and(eq(approvalLines.approvalId, id), eq(approvalLines.state, 'approved')))
      .orderBy(asc(approvalLines.position));
  },

  /** The account export: the user's links with their lines, versions and decisions (never the token or PIN hash). */
  async exportFor(db: DbOrTx, userId: string) {
    const rows = await db
      .select(linkWithCreator)
      .from(approvalLinks)
      .leftJoin(users, eq(users.id, approvalLinks.userId))
      .where(eq(approvalLinks.userId, userId))
      .orderBy(asc(approvalLinks.createdAt));
    const out: ApprovalDto[] = [];
    for (const r of rows) out.push(await this.dtoOf(db, r));
    return out;
  },
};
