import { and, isNull, sql } from 'drizzle-orm';
import {
  approvalPinHash,
  approvalsRepository,
  currentPlanFor,
  Errors,
  newApprovalToken,
  PLATFORM_CATEGORY,
  savedLinesRepository,
  schema,
  teamLinesRepository,
  teamsRepository,
  usersRepository,
  type ApprovalLinkRow,
  type SnapshotLine,
} from '@gl/core/server';
import {
  APPROVAL_EXPIRES_DAYS_MAX,
  APPROVAL_LINES_MAX,
  APPROVAL_OPEN_LINKS_MAX,
  approvalPagePath,
  CATEGORY_IDS,
  PLATFORM_IDS,
  TONES,
  type AddApprovalLinesBody,
  type ApprovalCreatedDto,
  type ApprovalDto,
  type ApprovalStatus,
  type ApprovalSummaryDto,
  type ApprovedLinesSavedDto,
  type CategoryId,
  type CreateApprovalBody,
  type PlatformId,
  type Plan,
  type RefineApprovalLineBody,
  type RenewApprovalTokenBody,
  type ApprovalRefineAcceptedDto,
  type ApprovalTokenDto,
  type TeamLineDto,
  type SaveApprovedBody,
  type Tone,
  type UiLanguage,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { requireFeature } from '../common/plan-policy';
import { requireTeamRole } from '../teams';
import { GenerationService } from '../lines';

const DAY_MS = 24 * 3600_000;
export const APPROVAL_NOT_FOUND = 'Approval link not found';
const TOO_MANY_LINES = `A link holds at most ${APPROVAL_LINES_MAX} lines. Choose fewer lines.`;

/** Approval links are a Business feature: 403 PLAN_REQUIRED naming Business otherwise. */
async function requireApprovals(ctx: ApiContext, userId: string): Promise<Plan> {
  const plan = await currentPlanFor(ctx.db, userId);
  requireFeature(plan, 'teamCollaboration', 'Approval links');
  return plan;
}

const isCategory = (c: string | null): c is CategoryId => c !== null && (CATEGORY_IDS as readonly string[]).includes(c);
const isTone = (t: string | null): t is Tone => t !== null && (TONES as readonly string[]).includes(t);
const isPlatform = (p: string | null): p is PlatformId => p !== null && (PLATFORM_IDS as readonly string[]).includes(p);

/**
 * The team side of approval links (DESIGN.md §21): share a snapshot of lines, follow and manage the
 * link, new versions, and what to do with the approved lines. Every read and change is made with
 * the caller's rights inside the query (the creator, or a member of the link's team).
 */
export class ApprovalsService {
  constructor(private readonly ctx: ApiContext) {}

  async create(userId: string, body: CreateApprovalBody, now = new Date()): Promise<ApprovalCreatedDto> {
    await requireApprovals(this.ctx, userId);
    if (body.teamId) await requireTeamRole(this.ctx.db, body.teamId, userId, 'write');
    const lines = await this.snapshot(userId, body.source);
    const language: UiLanguage = body.language ?? (await usersRepository.languageOf(this.ctx.db, userId));
    const { token, hash } = newApprovalToken();
    const created = await approvalsRepository.create(
      this.ctx.db,
      {
        tokenHash: hash,
        userId,
        teamId: body.teamId ?? null,
        title: body.title,
        note: body.note ? body.note : null,
        pinHash: body.pin ? approvalPinHash(this.ctx.jwtSecret, hash, body.pin) : null,
        language,
        sourceKind: 'generationId' in body.source ? 'generation' : 'campaignId' in body.source ? 'campaign' : 'saved',
        sourceId: 'generationId' in body.source ? body.source.generationId : 'campaignId' in body.source ? body.source.campaignId : null,
        expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
        lines,
      },
      APPROVAL_OPEN_LINKS_MAX,
      now,
    );
    if (created === 'too_many') {
      throw Errors.conflict(
        `You already have ${APPROVAL_OPEN_LINKS_MAX} open approval links. Revoke one you no longer need, then share again.`,
      );
    }
    const approval = await approvalsRepository.find(this.ctx.db, created.id, userId, now);
    return { id: created.id, token, url: `${this.ctx.links.base}${approvalPagePath(token, language)}`, approval: approval! };
  }

  /** The lines as they are now, copied; authorisation is in each source's query. */
  private async snapshot(userId: string, source: CreateApprovalBody['source']): Promise<SnapshotLine[]> {
    const db = this.ctx.db;
    if ('generationId' in source) {
      const gen = await approvalsRepository.generationSource(db, source.generationId, userId);
      if (!gen || gen.lines.length === 0) throw Errors.notFound('Generation not found');
      const indexes = source.indexes ?? gen.lines.map((_, i) => i);
      if (indexes.length > APPROVAL_LINES_MAX) throw Errors.validation(TOO_MANY_LINES);
      return indexes.map((i) => {
        const text = gen.lines[i];
        if (text === undefined) throw Errors.notFound('Generation line not found');
        const { platform, category, tone } = gen;
        return { text, platform, category, tone, generationId: source.generationId, generationIndex: i };
      });
    }
    if ('campaignId' in source) {
      const rows = await approvalsRepository.campaignSource(db, source.campaignId, userId);
      if (rows.length === 0) throw Errors.notFound('Campaign not found');
      const chosen = source.lineIds
        ? source.lineIds.map((id) => {
            const row = rows.find((r) => r.id === id);
            if (!row) throw Errors.notFound('Campaign line not found');
            return row;
          })
        : rows;
      if (chosen.length > APPROVAL_LINES_MAX) throw Errors.validation(TOO_MANY_LINES);
      return chosen.map(({ text, platform, category, tone, generationId, generationIndex }) => ({
        text,
        platform,
        category,
        tone,
        generationId,
        generationIndex,
      }));
    }
    const rows = await approvalsRepository.savedSource(db, source.savedLineIds, userId);
    return source.savedLineIds.map((id) => {
      const row = rows.find((r) => r.id === id);
      if (!row) throw Errors.notFound('Saved line not found');
      return { text: row.text, platform: row.platform, category: row.category, tone: row.tone };
    });
  }

  list(userId: string, opts: { limit: number; status?: ApprovalStatus }): Promise<ApprovalSummaryDto[]> {
    return approvalsRepository.list(this.ctx.db, userId, opts);
  }

  async get(userId: string, id: string): Promise<ApprovalDto> {
    const approval = await approvalsRepository.find(this.ctx.db, id, userId);
    if (!approval) throw Errors.notFound(APPROVAL_NOT_FOUND);
    return approval;
  }

  async revoke(userId: string, id: string, now = new Date()): Promise<ApprovalDto> {
    const row = await approvalsRepository.update(
      this.ctx.db,
      id,
      userId,
      { revokedAt: sql`coalesce(${schema.approvalLinks.revokedAt}, ${now.toISOString()}::timestamptz)` },
      undefined,
      now,
    );
    return this.changed(userId, id, row, 'approval:closed');
  }

  /** Adds `days` to the expiry (to now when it has passed), never past 90 days from now. A revoked link stays revoked. */
  async extend(userId: string, id: string, days: number, now = new Date()): Promise<ApprovalDto> {
    await requireApprovals(this.ctx, userId);
    const links = schema.approvalLinks;
    const at = now.toISOString();
    const expiresAt = sql`least(greatest(${links.expiresAt}, ${at}::timestamptz) + make_interval(days => ${days}), ${at}::timestamptz + make_interval(days => ${APPROVAL_EXPIRES_DAYS_MAX}))`;
    const row = await approvalsRepository.update(this.ctx.db, id, userId, { expiresAt }, isNull(links.revokedAt), now);
    if (!row && (await approvalsRepository.find(this.ctx.db, id, userId, now))?.status === 'revoked') {
      throw Errors.conflict('This link was revoked. Share the lines again with a new link.');
    }
    return this.changed(userId, id, row);
  }

  /** Unlocks a link locked by wrong PINs (the count starts again). */
  async unlock(userId: string, id: string, now = new Date()): Promise<ApprovalDto> {
    const row = await approvalsRepository.update(this.ctx.db, id, userId, { lockedAt: null, pinFailures: 0 }, undefined, now);
    return this.changed(userId, id, row);
  }

  private async changed(
    userId: string,
    id: string,
    row: ApprovalLinkRow | undefined,
    publicEvent?: 'approval:closed',
  ): Promise<ApprovalDto> {
    if (!row) throw Errors.notFound(APPROVAL_NOT_FOUND);
    this.ctx.realtime.emit({ userId: row.userId, teamId: row.teamId }, 'approval:updated', { approvalId: row.id });
    if (publicEvent) this.ctx.realtime.emit({ approvalId: row.id }, publicEvent, {});
    return this.get(userId, id);
  }

  /** New versions (a line refined after the client asked for changes) and new lines, shown to the client at once. */
  async addLines(userId: string, id: string, body: AddApprovalLinesBody, now = new Date()): Promise<ApprovalDto> {
    await requireApprovals(this.ctx, userId);
    const lines = await Promise.all(body.lines.map((l) => this.generationLineOf(userId, l)));
    const result = await this.ctx.db.transaction(async (tx) => {
      const link = await approvalsRepository.lockVisible(tx, id, userId);
      if (!link) throw Errors.notFound(APPROVAL_NOT_FOUND);
      if (link.revokedAt) throw Errors.conflict('This link was revoked. Share the lines again with a new link.');
      const added = await approvalsRepository.addLines(
        tx,
        id,
        body.lines.map((l, i) => ({
          text: l.text,
          platform: l.platform ?? null,
          category: null,
          tone: null,
          replaces: l.replaces,
          ...lines[i],
        })),
        now,
      );
      if (added === 'unknown_line') throw Errors.notFound('Line not found');
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.approvalLines)
        .where(sql`${schema.approvalLines.approvalId} = ${id}`);
      if (Number(count?.n ?? 0) > APPROVAL_LINES_MAX) throw Errors.validation(TOO_MANY_LINES);
      return { link, changed: added.changed };
    });
    for (const line of result.changed) {
      this.ctx.realtime.emit({ approvalId: id }, 'approval:line', {
        line: {
          id: line.id,
          text: line.text,
          platform: isPlatform(line.platform) ? line.platform : null,
          state: 'pending',
          version: line.version,
        },
      });
    }
    return this.changed(userId, id, result.link);
  }

  /**
   * The generation line a re-shared text is (`from`), kept when it is the caller's generation and
   * that line reads the same; otherwise none (the text was edited, or it is not theirs).
   */
  private async generationLineOf(
    userId: string,
    line: AddApprovalLinesBody['lines'][number],
  ): Promise<{ generationId: string | null; generationIndex: number | null }> {
    if (!line.from) return { generationId: null, generationIndex: null };
    const gen = await approvalsRepository.generationSource(this.ctx.db, line.from.generationId, userId);
    return gen?.lines[line.from.index] === line.text
      ? { generationId: line.from.generationId, generationIndex: line.from.index }
      : { generationId: null, generationIndex: null };
  }

  /**
   * Refines a line of the link with the generator's refine actions, rules and quota (DESIGN.md
   * §21): through the generation it came from when that is the caller's and still holds its text,
   * else from its text (a library line, a teammate's campaign, a rewrite). The refined line is the
   * team's draft: it reaches the client when re-shared (addLines with `from`).
   */
  async refineLine(
    who: { userId: string; ip?: string | null },
    id: string,
    lineId: string,
    body: RefineApprovalLineBody,
  ): Promise<ApprovalRefineAcceptedDto> {
    const plan = await requireApprovals(this.ctx, who.userId);
    const found = await approvalsRepository.lineOf(this.ctx.db, id, lineId, who.userId);
    if (!found) throw Errors.notFound('Line not found');
    const { line, link } = found;
    if (link.revokedAt) throw Errors.conflict('This link was revoked. Share the lines again with a new link.');
    const generations = new GenerationService(this.ctx);
    const requester = { userId: who.userId, ip: who.ip ?? null, plan };
    if (line.generationId !== null && line.generationIndex !== null) {
      const started = await generations.refineLineOf(requester, line.generationId, line.generationIndex, line.text, body);
      if (started) return started;
    }
    const platform = isPlatform(line.platform) ? line.platform : null;
    return generations.refineText(
      requester,
      {
        text: line.text,
        platform,
        category: isCategory(line.category) ? line.category : platform ? PLATFORM_CATEGORY[platform] : 'captions',
        tone: isTone(line.tone) ? line.tone : 'bold',
        language: link.language === 'sw' ? 'sw' : 'en',
      },
      body,
    );
  }

  /**
   * A new token for the link: the old one answers the same 404 as an unknown token from now on, and
   * the pages open on it hear approval:closed. A PIN is bound to its token, so a link with a PIN
   * needs one for the new token (the same or another; 400 without); given to a link without one, it
   * adds one. Wrong-PIN counts and a lock start again. The new link is in this answer only.
   */
  async renewToken(userId: string, id: string, body: RenewApprovalTokenBody, now = new Date()): Promise<ApprovalTokenDto> {
    await requireApprovals(this.ctx, userId);
    const current = await this.get(userId, id);
    if (current.status === 'revoked') throw Errors.conflict('This link was revoked. Share the lines again with a new link.');
    if (current.hasPin && !body.pin) {
      const message = 'This link has a PIN: give the PIN for its new link (the same one or another)';
      throw Errors.validation(`pin: ${message}`, [{ path: 'pin', message }]);
    }
    const { token, hash } = newApprovalToken();
    const links = schema.approvalLinks;
    const set = {
      tokenHash: hash,
      pinHash: body.pin ? approvalPinHash(this.ctx.jwtSecret, hash, body.pin) : null,
      pinFailures: 0,
      lockedAt: null,
    };
    // Not revoked meanwhile, and a PIN not added meanwhile when none is given.
    const onlyIf = body.pin ? isNull(links.revokedAt) : and(isNull(links.revokedAt), isNull(links.pinHash));
    const row = await approvalsRepository.update(this.ctx.db, id, userId, set, onlyIf, now);
    if (!row) throw Errors.conflict('This link changed meanwhile. Please try again.');
    const approval = await this.changed(userId, id, row, 'approval:closed');
    const language: UiLanguage = row.language === 'sw' ? 'sw' : 'en';
    return { token, url: `${this.ctx.links.base}${approvalPagePath(token, language)}`, approval };
  }

  /** The approved lines to the team's library (default for a team's link) or the caller's own, marked approved by whom and when. */
  async saveApproved(userId: string, id: string, body: SaveApprovedBody): Promise<ApprovedLinesSavedDto> {
    const approval = await this.get(userId, id);
    const target = body.target ?? (approval.teamId ? 'team' : 'own');
    const lines = await approvalsRepository.approvedLines(this.ctx.db, id);
    if (lines.length === 0) throw Errors.conflict('No line of this link is approved yet.');
    const teamId = target === 'team' ? (approval.teamId ?? (await teamsRepository.teamIdOf(this.ctx.db, userId))) : undefined;
    if (target === 'team' && !teamId) throw Errors.notFound('Team not found');
    let saved = 0;
    const teamSaves: TeamLineDto[] = [];
    await this.ctx.db.transaction(async (tx) => {
      if (teamId) await requireTeamRole(tx, teamId, userId, 'write', { lock: 'share' });
      for (const line of lines) {
        const platform = isPlatform(line.platform) ? line.platform : null;
        const category: CategoryId = isCategory(line.category) ? line.category : platform ? PLATFORM_CATEGORY[platform] : 'captions';
        const tone: Tone = isTone(line.tone) ? line.tone : 'bold';
        const approvedByName = line.decidedBy ?? '';
        const approvedAt = line.decidedAt ?? new Date();
        if (teamId) {
          const result = await teamLinesRepository.saveApproved(tx, {
            teamId,
            savedBy: userId,
            text: line.text,
            category,
            tone,
            approvedByName,
            approvedAt,
          });
          teamSaves.push(result.line);
          if (result.created) saved++;
        } else if (
          await savedLinesRepository.saveApproved(tx, { userId, text: line.text, category, tone, platform, approvedByName, approvedAt })
        ) {
          saved++;
        }
      }
    });
    // As every team save: the members' libraries hear it live (a line already there is now marked approved).
    for (const line of teamSaves) this.ctx.realtime.emit({ teamId: line.teamId }, 'team:line-saved', { teamId: line.teamId, line });
    return { target, saved, alreadySaved: lines.length - saved };
  }

  /** GET /v1/approvals/:id: the same facts for the API key's owner. */
  forApi(userId: string, id: string): Promise<ApprovalDto> {
    return this.get(userId, id);
  }
}

/** For the account export: the user's links (never the token or the PIN). */
export const approvalsExport = (ctx: ApiContext, userId: string) => approvalsRepository.exportFor(ctx.db, userId);
