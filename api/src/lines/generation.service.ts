import {
  Errors,
  generationJob,
  photoStore,
  generationsRepository,
  languageOfLine,
  platformOf,
  switchesOf,
  toGenerationDto,
  translateServerMessage,
  usageSummaryFor,
  type GenerationOwner,
  type GenerationRow,
} from '@gl/core/server';
import {
  countEmoji,
  countForPlatform,
  getCategory,
  lineLimit,
  PLANS,
  REFINEMENTS_MAX,
  type CategoryId,
  type GenerateBody,
  type GenerationDto,
  type LanguageId,
  type PlatformId,
  type Plan,
  type PlanId,
  type RefineBody,
  type Tone,
  type UiLanguage,
  type UsageSummary,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { enforcePlan } from '../common/plan-policy';
import { BrandsService } from '../brands';
import { dailyLimitReached, QuotaService } from '../common/quota.service';
import type { PendingSessionCheck } from '../accounts';

/** Who is asking: a signed-in user (or an API key's owner), or a visitor with its id and IP. */
export interface Requester {
  userId?: string | null;
  visitorId?: string | null;
  ip?: string | null;
  apiKeyId?: string | null;
  /** The caller's current plan when the caller already has it (API keys do): saves looking it up again. */
  plan?: Plan;
  /** The sign-in check of the caller's token when it is still to be made (the generate request makes it in its accept). */
  sessionCheck?: PendingSessionCheck;
}

/** What a generation is written from besides the brief. */
export interface StartOptions {
  /** A photo (already checked and stripped of its metadata): kept in Redis only until its job ends. */
  photo?: Buffer;
}

/** The generation's photo could not be handed to the worker: nothing was counted or kept. */
export const PHOTO_HANDOFF_FAILED = 'We could not take your photo right now. Please try again in a moment.';

export interface GenerationAccepted {
  generation: { id: string; status: 'pending' };
  usage: UsageSummary;
}

/** A refinement accepted: the refined line will be at `index` of the generation's lines. */
export interface RefinementAccepted extends GenerationAccepted {
  index: number;
}

/** maxChars is a cap the user picks inside the category's bounds. */
export function checkMaxChars(category: CategoryId, maxChars: number | undefined): void {
  if (maxChars === undefined) return;
  const c = getCategory(category);
  if (maxChars > c.maxChars || maxChars < c.minChars) {
    const message = `maxChars must be between ${c.minChars} and ${c.maxChars} for ${c.name}`;
    throw Errors.validation(`maxChars: ${message}`, [{ path: 'maxChars', message }]);
  }
}

const emptyToNull = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

/** Whether checkMaxChars lets the brief through (else `create` answers its 400 after the plan's 403, as `start` orders them). */
function maxCharsFits(body: Pick<GenerateBody, 'category' | 'maxChars'>): boolean {
  try {
    checkMaxChars(body.category, body.maxChars);
    return true;
  } catch {
    return false;
  }
}

/** Whether `plan`'s rules admit the brief (enforcePlan would not refuse it). */
function admits(plan: Plan, rule: Parameters<typeof enforcePlan>[1]): boolean {
  try {
    enforcePlan(plan, rule);
    return true;
  } catch {
    return false;
  }
}

const invalid = (path: string, message: string) => Errors.validation(`${path}: ${message}`, [{ path, message }]);
/** `longer` needs room: a line at 90% of its limit or more cannot honestly grow. */
const LONGER_ROOM = 0.9;
const STILL_RUNNING = 'This generation is still in progress. Please wait for it to finish.';

/** Whether a generation's lines may carry emoji at all (its switch, an SMS platform, a kit voice without emoji). */
const allowsEmoji = (row: GenerationRow): boolean => switchesOf(row).emoji !== 'none';

/**
 * The refine endpoint's rules for line `body.index` of a generation: the line exists, there is room
 * for another refined line, and the action is offered for it (400 or 409 otherwise).
 */
function checkRefinable(existing: GenerationRow, body: RefineBody): void {
  const line = existing.lines[body.index];
  if (line === undefined) throw invalid('index', `index must be between 0 and ${existing.lines.length - 1}`);
  if (existing.refinements.length >= REFINEMENTS_MAX) {
    throw Errors.conflict(`This generation already has ${REFINEMENTS_MAX} refined lines. Start a new generation to refine more.`);
  }
  if (body.action === 'add_emoji' && !allowsEmoji(existing)) {
    throw invalid('action', 'add_emoji is not offered for this generation: its lines keep to no emoji');
  }
  if (body.action === 'longer') {
    const platform = platformOf(existing);
    const limit = lineLimit(platform, existing.maxChars, existing.category as CategoryId);
    if (countForPlatform(line, platform) >= Math.floor(limit * LONGER_ROOM)) {
      throw invalid('action', `longer is not offered for this line: it is already close to its limit of ${limit} characters`);
    }
  }
  if (body.action === 'remove_emoji' && countEmoji(line) === 0) {
    throw invalid('action', 'remove_emoji is not offered for this line: it has no emoji');
  }
}

/** A generation as the API answers it, the stored (English) failure text in `lang`. */
function generationIn(row: GenerationRow, lang: UiLanguage): GenerationDto {
  const dto = toGenerationDto(row);
  return dto.error ? { ...dto, error: translateServerMessage(dto.error, lang) } : dto;
}

/**
 * Accepting generations: plan rules, the atomic daily quota, the row in PostgreSQL, then the
 * job (only after the transaction commits), answered 202; the worker delivers over Socket.IO.
 */
export class GenerationService {
  readonly quota: QuotaService;
  readonly brands: BrandsService;

  constructor(private readonly ctx: ApiContext) {
    this.quota = new QuotaService(ctx);
    this.brands = new BrandsService(ctx);
  }

  /** Fails fast (503) when Redis is down, before anything is written. */
  ensureQueueReady(): void {
    if (this.ctx.redis.status !== 'ready') {
      throw Errors.unavailable('Generation is temporarily unavailable. Please try again in a moment.');
    }
  }

  async create(who: Requester, body: GenerateBody, opts: StartOptions & { plan?: Plan } = {}): Promise<GenerationAccepted> {
    this.ensureQueueReady();
    const check = who.sessionCheck;
    if (check && !check.settled) {
      // The usual signed-in generate: the token's check, the plan, the quota and the row in one statement.
      if (who.userId && !opts.plan && !opts.photo && !body.brandId && maxCharsFits(body))
        return this.createChecked(who, who.userId, body, check);
      await check.settle();
      who = { ...who, plan: check.currentPlan };
    }
    const plan = opts.plan ?? who.plan ?? (await this.quota.planOf({ userId: who.userId, ip: who.ip }));
    const { rows, usage } = await this.start(who, body, [body.tone], plan, opts);
    return { generation: { id: rows[0]!.id, status: 'pending' }, usage };
  }

  /**
   * `create` for a signed-in user whose token's revocation check is still to be made: the same rules
   * as `start` (plan rules, the quota all or none, the row, the job after commit) with the check in
   * the accepting statement. The plans whose rules admit the brief go with it; the statement records
   * nothing unless the token stands and the user's plan is one of them with room today. Then the
   * answers are `start`'s: 401 for the token, 403 PLAN_REQUIRED naming the plan, 429 for the quota.
   */
  private async createChecked(who: Requester, userId: string, body: GenerateBody, check: PendingSessionCheck): Promise<GenerationAccepted> {
    const prompt = emptyToNull(body.prompt);
    const rule = { category: body.category, tone: body.tone, prompt };
    const limits: Partial<Record<PlanId, number>> = {};
    for (const candidate of PLANS) if (admits(candidate, rule)) limits[candidate.id] = candidate.limits.dailyGenerations;
    const subject = this.quota.subject({ userId, ip: who.ip });
    const now = new Date();
    const result = await generationsRepository.acceptSignedIn(
      this.ctx.db,
      {
        userId,
        visitorId: null,
        apiKeyId: who.apiKeyId ?? null,
        subject,
        category: body.category,
        topic: emptyToNull(body.topic),
        prompt,
        count: body.count,
        language: body.language,
        maxChars: body.maxChars ?? null,
        brand: null,
        platform: body.platform ?? null,
        hashtags: body.hashtags ?? null,
        emoji: body.emoji ?? null,
        fromPhoto: false,
      },
      [body.tone],
      limits,
      { sessionId: check.sessionId, issuedAtMs: check.issuedAtMs },
      now,
    );
    check.apply(result.state);
    const plan = result.plan!;
    if (!result.accepted) {
      enforcePlan(plan, rule);
      throw dailyLimitReached(await usageSummaryFor(this.ctx.db, subject, plan, now), plan, now);
    }
    await this.enqueueAll(result.accepted.rows, subject, now);
    return { generation: { id: result.accepted.rows[0]!.id, status: 'pending' }, usage: result.accepted.usage };
  }

  /**
   * One brief in one or more tones (generate, compare): plan rules for each tone, the brand kit
   * snapshot, then the quota counted for all tones and one row per tone recorded in one statement
   * (all or none; 429 DAILY_LIMIT_REACHED when the limit does not admit them all), then one job per
   * row enqueued after that commit. Rows come back in the order of `tones`.
   */
  async start(
    who: Requester,
    brief: Omit<GenerateBody, 'tone'>,
    tones: readonly Tone[],
    plan: Plan,
    opts: StartOptions = {},
  ): Promise<{ rows: GenerationRow[]; usage: UsageSummary }> {
    // Nothing is recorded for a token whose check is still to be made (create settles it first).
    if (who.sessionCheck && !who.sessionCheck.settled) await who.sessionCheck.settle();
    const prompt = emptyToNull(brief.prompt);
    for (const tone of tones) enforcePlan(plan, { category: brief.category, tone, prompt });
    checkMaxChars(brief.category, brief.maxChars);
    const brand = await this.brands.snapshotFor(who, brief.brandId, plan);
    const subject = this.quota.subject({ userId: who.userId, ip: who.ip });
    const now = new Date();
    const accepted = await generationsRepository.accept(
      this.ctx.db,
      {
        userId: who.userId ?? null,
        visitorId: who.userId ? null : (who.visitorId ?? null),
        apiKeyId: who.apiKeyId ?? null,
        subject,
        planId: plan.id,
        category: brief.category,
        topic: emptyToNull(brief.topic),
        prompt,
        count: brief.count,
        language: brief.language,
        maxChars: brief.maxChars ?? null,
        brand,
        platform: brief.platform ?? null,
        hashtags: brief.hashtags ?? null,
        emoji: brief.emoji ?? null,
        fromPhoto: opts.photo !== undefined,
      },
      tones,
      plan,
      now,
    );
    if (!accepted) throw dailyLimitReached(await usageSummaryFor(this.ctx.db, subject, plan, now), plan, now);
    if (opts.photo) await this.handOverPhoto(accepted.rows, opts.photo, subject, now);
    try {
      await this.enqueueAll(accepted.rows, subject, now);
    } catch (err) {
      if (opts.photo) await this.dropPhotos(accepted.rows);
      throw err;
    }
    return accepted;
  }

  /**
   * The photo goes to Redis under each row's id, for the job to read (it may run in another
   * process) and delete. If Redis refuses it, the rows are withdrawn and their quota given back:
   * a photo generation never waits without its photo.
   */
  private async handOverPhoto(rows: readonly GenerationRow[], photo: Buffer, subject: string, now: Date): Promise<void> {
    const { redis, config } = this.ctx;
    try {
      for (const row of rows) await photoStore.put(redis, config.REDIS_PREFIX, row.id, photo, config.PHOTO_TTL_SECONDS);
    } catch (err) {
      await this.dropPhotos(rows);
      for (const row of rows) {
        await generationsRepository.withdraw(this.ctx.db, row).catch(() => undefined);
        await this.quota.refund(subject, now).catch(() => undefined);
      }
      throw Errors.unavailable(PHOTO_HANDOFF_FAILED, err);
    }
  }

  private async dropPhotos(rows: readonly GenerationRow[]): Promise<void> {
    for (const row of rows) {
      await photoStore.drop(this.ctx.redis, this.ctx.config.REDIS_PREFIX, row.id).catch(() => undefined);
    }
  }

  /** Replaces line `index` of a completed generation, keeping the others; counts as a generation. */
  async regenerate(who: Requester, id: string, index: number): Promise<GenerationAccepted> {
    this.ensureQueueReady();
    const owner: GenerationOwner = { userId: who.userId, visitorId: who.visitorId };
    const existing = await generationsRepository.findOwned(this.ctx.db, id, owner);
    if (!existing) throw Errors.notFound('Generation not found');
    if (existing.status !== 'completed') throw Errors.conflict('This generation is still in progress. Please wait for it to finish.');
    if (existing.fromPhoto) {
      throw Errors.conflict(
        'Lines written from a photo cannot be rewritten one by one: the photo is not kept. Send the photo again for new lines.',
      );
    }
    if (index >= existing.lines.length) {
      const message = `index must be between 0 and ${existing.lines.length - 1}`;
      throw Errors.validation(`index: ${message}`, [{ path: 'index', message }]);
    }
    const quotaOwner = { userId: who.userId, ip: who.ip };
    const plan = await this.quota.planOf(quotaOwner);
    enforcePlan(plan, { category: existing.category as CategoryId, tone: existing.tone as Tone, prompt: existing.prompt });
    const subject = this.quota.subject(quotaOwner);
    const now = new Date();
    const { row, usage } = await this.ctx.db.transaction(async (tx) => {
      const usage = await this.quota.consume(tx, subject, plan, now);
      const row = await generationsRepository.startRegeneration(tx, id, owner, index);
      if (!row) throw Errors.conflict('This generation is still in progress. Please wait for it to finish.');
      return { row, usage };
    });
    await this.enqueueAll([row], subject, now);
    return { generation: { id: row.id, status: 'pending' }, usage };
  }

  /**
   * Refines line `index` of a completed generation: the refined line is appended (the original stays)
   * and streamed (inside generation:started, see LineBatcher) with its new index; counts as a generation. At most
   * REFINEMENTS_MAX refined lines per generation (then 409).
   */
  async refine(who: Requester, id: string, body: RefineBody): Promise<GenerationAccepted> {
    this.ensureQueueReady();
    const owner: GenerationOwner = { userId: who.userId, visitorId: who.visitorId };
    const existing = await generationsRepository.findOwned(this.ctx.db, id, owner);
    if (!existing) throw Errors.notFound('Generation not found');
    const { generation, usage } = await this.startRefinement(who, existing, body);
    return { generation, usage };
  }

  /**
   * Refines line `index` of the caller's generation `id` when that line still reads `text` (a line
   * shared for approval, refined where it was written); undefined when the generation is not the
   * caller's, no longer holds that text or has no room for another refined line (refine the text
   * itself then: `refineText`). `index` in the answer: where the refined line will be.
   */
  async refineLineOf(
    who: Requester & { userId: string },
    id: string,
    index: number,
    text: string,
    body: Omit<RefineBody, 'index'>,
  ): Promise<RefinementAccepted | undefined> {
    this.ensureQueueReady();
    const existing = await generationsRepository.findOwned(this.ctx.db, id, { userId: who.userId });
    if (!existing || existing.lines[index] !== text || existing.refinements.length >= REFINEMENTS_MAX) return undefined;
    return this.startRefinement(who, existing, { ...body, index });
  }

  /**
   * Refines a line that no generation of the caller holds (a line from a library, a teammate's
   * campaign, a rewrite by hand): a generation is recorded holding that text as its one line, with
   * its platform, kind and tone, and that line is refined, with the refine endpoint's rules and
   * quota (all or nothing: a refused action or the daily limit leaves no generation behind).
   */
  async refineText(
    who: Requester & { userId: string },
    seed: { text: string; platform: PlatformId | null; category: CategoryId; tone: Tone; language: LanguageId },
    body: Omit<RefineBody, 'index'>,
  ): Promise<RefinementAccepted> {
    this.ensureQueueReady();
    const quotaOwner = { userId: who.userId, ip: who.ip };
    const plan = who.plan ?? (await this.quota.planOf(quotaOwner));
    enforcePlan(plan, { category: seed.category, tone: seed.tone, prompt: null });
    const subject = this.quota.subject(quotaOwner);
    const now = new Date();
    const refine = { ...body, index: 0 };
    const { row, usage } = await this.ctx.db.transaction(async (tx) => {
      const seeded = await generationsRepository.seed(tx, { userId: who.userId, subject, planId: plan.id, ...seed }, now);
      checkRefinable(seeded, refine);
      const usage = await this.quota.consume(tx, subject, plan, now);
      const row = await generationsRepository.startRefinement(
        tx,
        seeded.id,
        { userId: who.userId },
        { index: 0, action: body.action, language: body.action === 'translate' ? body.language! : seed.language },
        REFINEMENTS_MAX,
      );
      if (!row) throw Errors.conflict(STILL_RUNNING);
      return { row, usage };
    });
    await this.enqueueAll([row], subject, now);
    return { generation: { id: row.id, status: 'pending' }, usage, index: row.lines.length };
  }

  /** The refine endpoint's rules and quota on a generation in hand, then its job; the refined line will be at `index`. */
  private async startRefinement(who: Requester, existing: GenerationRow, body: RefineBody): Promise<RefinementAccepted> {
    if (existing.status !== 'completed') throw Errors.conflict(STILL_RUNNING);
    checkRefinable(existing, body);
    const language = body.action === 'translate' ? body.language! : languageOfLine(existing, body.index);
    const owner: GenerationOwner = { userId: who.userId, visitorId: who.visitorId };
    const quotaOwner = { userId: who.userId, ip: who.ip };
    const plan = await this.quota.planOf(quotaOwner);
    enforcePlan(plan, { category: existing.category as CategoryId, tone: existing.tone as Tone, prompt: existing.prompt });
    const subject = this.quota.subject(quotaOwner);
    const now = new Date();
    const { row, usage } = await this.ctx.db.transaction(async (tx) => {
      const usage = await this.quota.consume(tx, subject, plan, now);
      const row = await generationsRepository.startRefinement(
        tx,
        existing.id,
        owner,
        { index: body.index, action: body.action, language },
        REFINEMENTS_MAX,
      );
      if (!row) throw Errors.conflict(STILL_RUNNING);
      return { row, usage };
    });
    await this.enqueueAll([row], subject, now);
    return { generation: { id: row.id, status: 'pending' }, usage, index: row.lines.length };
  }

  /**
   * Enqueues the recorded rows after commit, in one Redis round trip (several tones: one pipeline). If
   * the queue refuses them, the rows are withdrawn and their quota given back (the request answers
   * 503; nothing half-done is left).
   */
  private async enqueueAll(rows: readonly GenerationRow[], subject: string, now: Date): Promise<void> {
    try {
      await this.ctx.jobs.enqueueMany(
        generationJob,
        rows.map((row) => ({
          generationId: row.id,
          replaceIndex: row.replaceIndex ?? undefined,
          revision: row.replaceIndex === null && row.refine === null ? 0 : row.revision,
        })),
      );
    } catch (err) {
      // BullMQ's addBulk is a pipeline: some may have been added. A row still pending is withdrawn
      // (a job added for it then finds no work); one a worker already took runs and stays counted.
      for (const rest of rows) {
        try {
          if (await generationsRepository.withdraw(this.ctx.db, rest)) await this.quota.refund(subject, now);
        } catch (undoErr) {
          // The row stays pending: the reconciler re-enqueues it once Redis is back.
          this.ctx.logger.warn({ generationId: rest.id, err: (undoErr as Error).message }, 'could not withdraw a generation');
        }
      }
      throw err;
    }
  }

  /** A generation of the requester; why it failed (if it did) is told in `lang` (the request's language). */
  async get(who: Requester, id: string, lang: UiLanguage): Promise<GenerationDto> {
    const row = await generationsRepository.findOwned(this.ctx.db, id, { userId: who.userId, visitorId: who.visitorId });
    if (!row) throw Errors.notFound('Generation not found');
    return generationIn(row, lang);
  }

  async list(userId: string, limit: number, lang: UiLanguage): Promise<GenerationDto[]> {
    return (await generationsRepository.listForUser(this.ctx.db, userId, limit)).map((row) => generationIn(row, lang));
  }

  /**
   * Waits for a generation to finish (the public API answers synchronously). Polls PostgreSQL,
   * which is the truth whichever worker runs the job; undefined after `timeoutMs`.
   */
  async waitForResult(id: string, timeoutMs: number): Promise<GenerationRow | undefined> {
    const deadline = Date.now() + timeoutMs;
    let delay = 25;
    for (;;) {
      const row = await generationsRepository.findById(this.ctx.db, id);
      if (row && (row.status === 'completed' || row.status === 'failed') && row.replaceIndex === null && row.refine === null) return row;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise((r) => setTimeout(r, Math.min(delay, left)));
      delay = Math.min(delay * 2, 250);
    }
  }
}
