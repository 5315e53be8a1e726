import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PLANS, type Plan } from '@gl/core/types';

/** The name of the cheapest plan that has a feature (plans are listed cheapest first). */
export function unlockPlan(predicate: (p: Plan) => boolean): string {
  return PLANS.find(predicate)?.name ?? 'Pro';
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
