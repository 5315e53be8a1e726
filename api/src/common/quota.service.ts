import { AppError, currentPlanFor, usageRepository, usageSubject, usageSummaryFor, summarise } from '@gl/core/server';
import { getPlan, type Plan, type UsageSummary } from '@gl/core';
import type { DbOrTx } from '@gl/core/server';
import type { ApiContext } from '../api-context';

/** The caller a quota is counted for: a user (their plan), or a visitor's IP (the free plan). */
export interface QuotaOwner {
  userId?: string | null;
  ip?: string | null;
}

/** Retry-After for a used-up day: until the subject's next local midnight. */
export function secondsUntilReset(usage: UsageSummary, now = new Date()): number {
  return Math.max(1, Math.ceil((new Date(usage.resetsAt).getTime() - now.getTime()) / 1000));
}

export function dailyLimitReached(usage: UsageSummary, plan: Plan, now = new Date()): AppError {
  const retryAfter = secondsUntilReset(usage, now);
  return new AppError(
    'DAILY_LIMIT_REACHED',
    `You have used all ${plan.limits.dailyGenerations} generations of the ${plan.name} plan today. Upgrade for unlimited generations, or come back after midnight, your time.`,
    { data: { usage }, headers: { 'Retry-After': String(retryAfter) } },
  );
}

/**
 * Daily generation quotas, counted in PostgreSQL (usage_daily) by one atomic statement per
 * request, reset at the subject's local midnight (its account's time zone; UTC for a visitor). Visitors are counted per client IP under the free plan.
 */
export class QuotaService {
  constructor(private readonly ctx: ApiContext) {}

  subject(owner: QuotaOwner): string {
    return usageSubject(owner);
  }

  async planOf(owner: QuotaOwner): Promise<Plan> {
    return owner.userId ? currentPlanFor(this.ctx.db, owner.userId) : getPlan('free');
  }

  /**
   * Counts one generation inside the caller's transaction; over the limit throws 429
   * DAILY_LIMIT_REACHED with the usage. Returns the usage after counting. `units` > 1 counts
   * several generations in the same single statement: all of them, or none.
   */
  async consume(tx: DbOrTx, subject: string, plan: Plan, now = new Date(), units = 1): Promise<UsageSummary> {
    const count = await usageRepository.increment(tx, subject, plan.limits.dailyGenerations, now, units);
    if (count === null) {
      const usage = await usageSummaryFor(tx, subject, plan, now);
      throw dailyLimitReached(usage, plan, now);
    }
    const { monthly, resetsAt } = await usageRepository.counts(tx, subject, now);
    return summarise(plan, count, monthly, resetsAt);
  }

  /** Gives back a generation that was counted but could not be queued. */
  async refund(subject: string, countedAt: Date, units = 1): Promise<void> {
    await usageRepository.decrement(this.ctx.db, subject, countedAt, units);
  }

  async summary(owner: QuotaOwner, plan?: Plan): Promise<UsageSummary> {
    return usageSummaryFor(this.ctx.db, this.subject(owner), plan ?? (await this.planOf(owner)));
  }
}
