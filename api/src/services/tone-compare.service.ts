import { Errors, generationsRepository, type GenerationRow } from '@gl/core/server';
import { cheapestPlanWhere, type CompareBody, type Plan, type Tone, type UsageSummary } from '@gl/core';
import type { ApiContext } from '../api-context';
import { checkMaxChars, GenerationService, type Requester } from './generation.service';
import { enforcePlan } from './plan-policy';

export interface CompareAccepted {
  generations: Array<{ id: string; status: 'pending'; tone: Tone }>;
  usage: UsageSummary;
}

/** 403 PLAN_REQUIRED naming the cheapest plan that compares tones, unless `plan` does. */
export function requireToneComparison(plan: Plan): void {
  if (plan.limits.toneComparison) return;
  const needed = cheapestPlanWhere((l) => l.toneComparison)!;
  throw Errors.planRequired(needed.name, 'Comparing tones', needed.id);
}

const emptyToNull = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

/**
 * One brief in 2-3 tones side by side: one generation per tone (its own row, job, quota unit
 * and socket stream), all counted in one statement so a daily limit admits all or none, all
 * recorded in one transaction and enqueued after it commits.
 */
export class ToneCompareService {
  constructor(
    private readonly ctx: ApiContext,
    private readonly generations: GenerationService,
  ) {}

  async compare(who: Requester, body: CompareBody): Promise<CompareAccepted> {
    this.generations.ensureQueueReady();
    const owner = { userId: who.userId, ip: who.ip };
    const quota = this.generations.quota;
    const plan = who.plan ?? (await quota.planOf(owner));
    requireToneComparison(plan);
    const prompt = emptyToNull(body.prompt);
    for (const tone of body.tones) enforcePlan(plan, { category: body.category, tone, prompt });
    checkMaxChars(body.category, body.maxChars);
    const brand = await this.generations.brands.snapshotFor(who, body.brandId, plan);
    const subject = quota.subject(owner);
    const now = new Date();
    const { rows, usage } = await this.ctx.db.transaction(async (tx) => {
      const usage = await quota.consume(tx, subject, plan, now, body.tones.length);
      const rows: GenerationRow[] = [];
      for (const tone of body.tones) {
        rows.push(
          await generationsRepository.insert(tx, {
            userId: who.userId ?? null,
            visitorId: who.userId ? null : (who.visitorId ?? null),
            apiKeyId: who.apiKeyId ?? null,
            subject,
            planId: plan.id,
            category: body.category,
            tone,
            topic: emptyToNull(body.topic),
            prompt,
            count: body.count,
            language: body.language,
            maxChars: body.maxChars ?? null,
            brand,
          }),
        );
      }
      return { rows, usage };
    });
    await this.enqueueAll(rows, subject, now);
    return { generations: rows.map((r) => ({ id: r.id, status: 'pending' as const, tone: r.tone as Tone })), usage };
  }

  /** Enqueues every row; if the queue refuses one, that row and the ones after it are withdrawn and refunded. */
  private async enqueueAll(rows: GenerationRow[], subject: string, now: Date): Promise<void> {
    for (const [i, row] of rows.entries()) {
      try {
        await this.generations.enqueue(row, subject, now);
      } catch (err) {
        for (const rest of rows.slice(i + 1)) {
          await generationsRepository.withdraw(this.ctx.db, rest).catch(() => undefined);
          await this.generations.quota.refund(subject, now.toISOString().slice(0, 10)).catch(() => undefined);
        }
        throw err;
      }
    }
  }
}
