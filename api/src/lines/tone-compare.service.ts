import { Errors } from '@gl/core/server';
import { cheapestPlanWhere, type CompareBody, type Plan, type Tone, type UsageSummary } from '@gl/core';
import type { GenerationService, Requester } from './generation.service';

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

/**
 * One brief in 2-3 tones side by side: one generation per tone (its own row, job, quota unit
 * and socket stream), all counted in one statement so a daily limit admits all or none, all
 * recorded together and enqueued after they commit (GenerationService.start).
 */
export class ToneCompareService {
  constructor(private readonly generations: GenerationService) {}

  /**
   * `charge(generations)` is called once the comparison is allowed, before anything is recorded:
   * the route charges the generate limiter one point per tone there.
   */
  async compare(
    who: Requester,
    body: CompareBody,
    charge: (generations: number) => Promise<void> = async () => undefined,
  ): Promise<CompareAccepted> {
    this.generations.ensureQueueReady();
    const plan = who.plan ?? (await this.generations.quota.planOf({ userId: who.userId, ip: who.ip }));
    requireToneComparison(plan);
    const { tones, ...brief } = body;
    await charge(tones.length);
    const { rows, usage } = await this.generations.start(who, brief, tones, plan);
    return { generations: rows.map((r) => ({ id: r.id, status: 'pending' as const, tone: r.tone as Tone })), usage };
  }
}
