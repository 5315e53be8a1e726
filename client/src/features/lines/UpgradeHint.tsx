import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PLANS, type Plan, type PlanId } from '@gl/core/types';

/** The cheapest plan that has a feature (plans are listed cheapest first); its name is `catalog:plan.<id>`. */
export function unlockPlan(predicate: (p: Plan) => boolean): PlanId {
  return PLANS.find(predicate)?.id ?? 'pro';
}

/** A line saying what a paid plan unlocks, ending in the link to /pricing. */
export default function UpgradeHint({ children, link }: { children: ReactNode; link: ReactNode }) {
  return (
    <>
      {children}{' '}
      <Link to="/pricing" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
        {link}
      </Link>
    </>
  );
}
