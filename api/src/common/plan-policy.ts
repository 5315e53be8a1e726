import { Errors } from '@gl/core/server';
import { cheapestPlanWhere, getCategory, type CategoryId, type Plan, type Tone } from '@gl/core';

/**
 * The plan policy: what a plan allows, enforced on the server. A refusal is 403 PLAN_REQUIRED
 * naming the cheapest plan that allows it. Which plan a user has (their own, or Business through
 * a team) is decided in one place: `currentPlanFor` in core's subscriptions repository.
 */

function planNamed(predicate: Parameters<typeof cheapestPlanWhere>[0]): Plan {
  const plan = cheapestPlanWhere(predicate);
  if (!plan) throw Errors.forbidden('No plan allows this');
  return plan;
}

export type PlanFeature = 'customPrompts' | 'bulkExport' | 'apiAccess' | 'analytics' | 'teamCollaboration' | 'photoCaptions';

/** 403 PLAN_REQUIRED, naming the cheapest plan that has it, unless `plan` includes `feature`. */
export function requireFeature(plan: Plan, feature: PlanFeature, what: string): void {
  if (plan.limits[feature]) return;
  const needed = planNamed((l) => l[feature]);
  throw Errors.planRequired(needed.name, what, needed.id);
}

/**
 * Plan rules, enforced on the server: category, tone and custom prompts. A refused choice is
 * 403 PLAN_REQUIRED naming the cheapest plan that allows it. The topic is allowed on every plan.
 */
export function enforcePlan(plan: Plan, input: { category: CategoryId; tone: Tone; prompt?: string | null }): void {
  if (!plan.limits.categories.includes(input.category)) {
    const needed = planNamed((l) => l.categories.includes(input.category));
    throw Errors.planRequired(needed.name, `The ${getCategory(input.category).name} category`, needed.id);
  }
  if (!plan.limits.tones.includes(input.tone)) {
    const needed = planNamed((l) => l.tones.includes(input.tone));
    throw Errors.planRequired(needed.name, `The ${input.tone} tone`, needed.id);
  }
  if (input.prompt) requireFeature(plan, 'customPrompts', 'Custom prompts');
}
