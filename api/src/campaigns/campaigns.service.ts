import {
  AppError,
  campaignLinesSubject,
  campaignsRepository,
  currentPlanFor,
  Errors,
  fitsLinePlatform,
  generationJob,
  generationsRepository,
  PLATFORM_CATEGORY,
  usageRepository,
  usageSubject,
  usageSummaryFor,
  usersRepository,
  type CampaignCell,
  type GenerationRow,
} from '@gl/core/server';
import {
  addDays,
  CAMPAIGNS_RUNNING_MAX,
  cheapestPlanWhere,
  getCategory,
  getOccasion,
  getPlatform,
  nextOccasionDate,
  occasionDateFor,
  OCCASIONS,
  localDay,
  utcToday,
  type CampaignAcceptedDto,
  type CampaignDto,
  type CampaignLineDto,
  type CampaignSummaryDto,
  type CreateCampaignBody,
  type RefineCampaignLineBody,
  type OccasionsDto,
  type Plan,
  type UsageSummary,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { BrandsService } from '../brands';
import { GenerationService } from '../lines';
import { enforcePlan } from '../common/plan-policy';
import { dailyLimitReached, secondsUntilReset } from '../common/quota.service';

/** 403 PLAN_REQUIRED naming the cheapest plan with campaigns, unless `plan` has them. */
export function requireCampaigns(plan: Plan): void {
  if (plan.limits.campaigns) return;
  const needed = cheapestPlanWhere((l) => l.campaigns)!;
  throw Errors.planRequired(needed.name, 'Campaigns', needed.id);
}

const NOT_FOUND = 'Campaign not found';
const LINE_NOT_FOUND = 'Campaign line not found';

/** The occasions a campaign can be planned for, each with its next date (from today, UTC). */
export function listOccasions(now = new Date()): OccasionsDto {
  const today = utcToday(now);
  return {
    occasions: OCCASIONS.map((o) => ({ id: o.id, name: o.name, kind: o.kind, nextDate: nextOccasionDate(o, today) ?? null })),
  };
}

/**
 * Campaigns: a line per day × platform for an occasion. Accepting one records the campaign and
 * one generation per line in PostgreSQL (quota counted for all of them, all or none), then
 * enqueues the generations after that commit; the worker streams each line as campaign:progress.
 */
export class CampaignsService {
  private readonly brands: BrandsService;

  constructor(private readonly ctx: ApiContext) {
    this.brands = new BrandsService(ctx);
  }

  /** Fails fast (503) when Redis is down, before anything is written. */
  ensureQueueReady(): void {
    if (this.ctx.redis.status !== 'ready') {
      throw Errors.unavailable('Campaigns are temporarily unavailable. Please try again in a moment.');
    }
  }

  /**
   * `charge(lines)` is called once the campaign is known to be allowed (plan, dates, brand), before
   * anything is recorded: the route charges the generate limiter one point per line there.
   */
  async create(
    userId: string,
    body: CreateCampaignBody,
    charge: (lines: number) => Promise<void> = async () => undefined,
    now = new Date(),
  ): Promise<CampaignAcceptedDto> {
    this.ensureQueueReady();
    const plan = await currentPlanFor(this.ctx.db, userId);
    requireCampaigns(plan);
    // "Today" is the owner's own day (their time zone), as their daily quota counts it.
    const today = localDay(now, (await usersRepository.readerOf(this.ctx.db, userId)).timeZone);
    if (body.startsOn < today) {
      const message = `The campaign cannot start in the past: choose ${today} (today) or later`;
      throw Errors.validation(`startsOn: ${message}`, [{ path: 'startsOn', message }]);
    }
    const cells: CampaignCell[] = [];
    for (let day = 0; day < body.days; day++) {
      body.platforms.forEach((platform, position) => {
        const category = body.category ?? PLATFORM_CATEGORY[platform];
        cells.push({
          day,
          platform,
          position,
          category,
          maxChars: Math.min(getPlatform(platform).maxChars, getCategory(category).maxChars),
        });
      });
    }
    for (const category of new Set(cells.map((c) => c.category))) enforcePlan(plan, { category, tone: body.tone });
    const brand = await this.brands.snapshotFor({ userId }, body.brandId, plan);
    await charge(cells.length);
    const occasion = body.occasion ? getOccasion(body.occasion) : null;
    const subject = usageSubject({ userId });
    const topic = body.topic?.trim() ? body.topic.trim() : null;
    const accepted = await campaignsRepository.accept(
      this.ctx.db,
      {
        userId,
        subject,
        occasion: occasion?.id ?? null,
        occasionDate: occasion ? (occasionDateFor(occasion, body.startsOn, addDays(body.startsOn, body.days - 1)) ?? null) : null,
        startsOn: body.startsOn,
        days: body.days,
        platforms: body.platforms,
        category: body.category ?? null,
        tone: body.tone,
        topic,
        brandId: brand ? (body.brandId ?? null) : null,
        brand,
        language: body.language,
      },
      cells,
      plan,
      CAMPAIGNS_RUNNING_MAX,
      now,
    );
    if (accepted.refused === 'running') {
      throw Errors.conflict(
        `You already have ${CAMPAIGNS_RUNNING_MAX} campaigns being written. Please wait for one to finish, then plan the next.`,
      );
    }
    if (accepted.refused === 'budget') throw this.overBudget(cells.length, accepted.remaining, accepted.resetsAt, plan, now);
    if (accepted.refused === 'daily') throw this.overLimit(cells.length, await usageSummaryFor(this.ctx.db, subject, plan, now), plan, now);
    await this.enqueueAll(accepted.campaign.id, accepted.generations, { userId, subject }, now);
    return { id: accepted.campaign.id, total: cells.length, usage: accepted.usage };
  }

  /**
   * 429 DAILY_LIMIT_REACHED past the plan's daily campaign lines: what the campaign needs and what is
   * left, until `resetsAt` (the account's next local midnight, like the daily generations).
   */
  private overBudget(needed: number, remaining: number, resetsAt: Date, plan: Plan, now: Date): AppError {
    const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    return new AppError(
      'DAILY_LIMIT_REACHED',
      `This campaign needs ${needed} lines, but only ${remaining} of today's ${plan.limits.campaignLinesPerDay} campaign lines are left on the ${plan.name} plan. Plan fewer days or platforms, or come back after midnight, your time.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }

  /** 429 DAILY_LIMIT_REACHED that says how many generations the campaign needs and how many are left. */
  private overLimit(needed: number, usage: UsageSummary, plan: Plan, now: Date): AppError {
    const retryAfter = secondsUntilReset(usage, now);
    return new AppError(
      'DAILY_LIMIT_REACHED',
      `This campaign needs ${needed} generations (one per day and platform), but only ${usage.remaining} of today's ${plan.limits.dailyGenerations} are left on the ${plan.name} plan. Plan fewer days or platforms, or come back after midnight, your time.`,
      { data: { usage }, headers: { 'Retry-After': String(retryAfter) } },
    );
  }

  /**
   * Enqueues every line's generation after the commit, in one round trip. If the queue refuses them, the whole campaign
   * is withdrawn and its quota (and campaign lines) given back (the request answers 503; nothing half-done is left);
   * if even that fails, its rows stay pending and the reconciler enqueues them once Redis is back.
   */
  private async enqueueAll(
    campaignId: string,
    rows: readonly GenerationRow[],
    { userId, subject }: { userId: string; subject: string },
    now: Date,
  ): Promise<void> {
    try {
      // One Redis round trip for all of them (a pipeline: on a refusal the whole campaign is withdrawn, as before).
      await this.ctx.jobs.enqueueMany(
        generationJob,
        rows.map((row) => ({ generationId: row.id, revision: 0 })),
      );
    } catch (err) {
      try {
        await campaignsRepository.withdraw(
          this.ctx.db,
          campaignId,
          rows.map((r) => r.id),
        );
        await usageRepository.decrement(this.ctx.db, subject, now, rows.length);
        await usageRepository.decrement(this.ctx.db, campaignLinesSubject(userId), now, rows.length);
      } catch (undoErr) {
        this.ctx.logger.warn({ campaignId, err: (undoErr as Error).message }, 'could not withdraw a campaign');
      }
      throw err;
    }
  }

  async get(userId: string, id: string): Promise<CampaignDto> {
    const campaign = await campaignsRepository.findOwned(this.ctx.db, id, userId);
    if (!campaign) throw Errors.notFound(NOT_FOUND);
    return campaign;
  }

  async list(userId: string, limit: number): Promise<CampaignSummaryDto[]> {
    return campaignsRepository.listForUser(this.ctx.db, userId, limit);
  }

  /** Sets a line's text by hand, within its platform's limit. */
  async editLine(userId: string, id: string, lineId: string, text: string): Promise<CampaignLineDto> {
    const line = await campaignsRepository.lineOwned(this.ctx.db, id, lineId, userId);
    if (!line) throw Errors.notFound(LINE_NOT_FOUND);
    const platform = getPlatform(line.platform);
    if (!fitsLinePlatform(text, line.platform)) {
      const message = `The text is longer than ${platform.name} allows (${platform.maxChars} characters)`;
      throw Errors.validation(`text: ${message}`, [{ path: 'text', message }]);
    }
    if (!(await campaignsRepository.editLine(this.ctx.db, id, lineId, userId, text))) throw Errors.notFound(LINE_NOT_FOUND);
    return (await campaignsRepository.lineOwned(this.ctx.db, id, lineId, userId))!;
  }

  /** Writes a line again through the generation queue (counts as a generation); drops a hand edit. */
  async regenerateLine(userId: string, id: string, lineId: string, now = new Date()): Promise<CampaignLineDto> {
    this.ensureQueueReady();
    const plan = await currentPlanFor(this.ctx.db, userId);
    requireCampaigns(plan);
    const subject = usageSubject({ userId });
    const row = await this.ctx.db.transaction(async (tx) => {
      const started = await campaignsRepository.startLineRegeneration(tx, id, lineId, userId);
      if (started === 'missing') throw Errors.notFound(LINE_NOT_FOUND);
      if (started === 'busy') throw Errors.conflict('This line is still being written. Please wait for it to finish.');
      const count = await usageRepository.increment(tx, subject, plan.limits.dailyGenerations, now, 1);
      if (count === null) throw dailyLimitReached(await usageSummaryFor(tx, subject, plan, now), plan, now);
      // The line as this request left it (pending): read before the job is enqueued, so a fast
      // worker cannot turn the 202's answer into "running". Progress after that comes by socket.
      return { started, line: (await campaignsRepository.lineOwned(tx, id, lineId, userId))! };
    });
    try {
      const { started } = row;
      await this.ctx.jobs.enqueue(generationJob, {
        generationId: started.id,
        replaceIndex: started.replaceIndex ?? 0,
        revision: started.revision,
      });
    } catch (err) {
      // The row stays pending: the reconciler enqueues it once the queue is back.
      this.ctx.logger.warn({ generationId: row.started.id, err: (err as Error).message }, 'could not enqueue a campaign line');
    }
    return row.line;
  }

  /**
   * Refines the line as it stands through its generation (the lines refine endpoint's rules and
   * quota): the refined line is appended to the generation and becomes the campaign's line. A line
   * edited by hand is not a generated line: 409 (regenerate it, or edit it again).
   */
  async refineLine(userId: string, id: string, lineId: string, body: RefineCampaignLineBody): Promise<CampaignLineDto> {
    this.ensureQueueReady();
    const plan = await currentPlanFor(this.ctx.db, userId);
    requireCampaigns(plan);
    const line = await campaignsRepository.lineOwned(this.ctx.db, id, lineId, userId);
    if (!line) throw Errors.notFound(LINE_NOT_FOUND);
    if (line.edited) throw Errors.conflict('This line was edited by hand. Regenerate it to refine a written line, or edit it again.');
    const generation = await generationsRepository.findById(this.ctx.db, line.generationId);
    if (!generation || line.status !== 'completed' || generation.lines.length === 0) {
      throw Errors.conflict('This line is still being written. Please wait for it to finish.');
    }
    await new GenerationService(this.ctx).refine({ userId, plan }, line.generationId, { index: generation.lines.length - 1, ...body });
    // What the accepted refinement left: the text as it stands, waiting to be written (the job is
    // already queued, so reading the row again could see a fast worker's "running" or the new text).
    return { ...line, status: 'pending' };
  }
}
