import { planPriceCents, yearlyMonthlyEquivalentCents, type BillingInterval, type Plan } from '@gl/core/types';
import { Link } from 'react-router-dom';
import { formatUsdCents } from '../../lib/format';
import { CheckIcon } from '../icons';

export function displayPrice(plan: Plan, interval: BillingInterval): { perMonth: string; billed: string | null } {
  if (plan.priceCents === 0) return { perMonth: '$0', billed: null };
  if (interval === 'month') return { perMonth: formatUsdCents(plan.priceCents), billed: null };
  // Yearly = monthly x 12 x 0.8 (20% off); the monthly equivalent shown is that total / 12.
  return {
    perMonth: formatUsdCents(yearlyMonthlyEquivalentCents(plan.id)),
    billed: `${formatUsdCents(planPriceCents(plan.id, 'year'))} billed yearly`,
  };
}

export default function PlanCard({
  plan,
  interval,
  buttonLabel,
  buttonDisabled,
  current,
  onChoose,
}: {
  plan: Plan;
  interval: BillingInterval;
  buttonLabel: string;
  buttonDisabled?: boolean;
  current: boolean;
  onChoose(): void;
}) {
  const price = displayPrice(plan, interval);
  const headingId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      className={`relative flex flex-col rounded-2xl border p-6 shadow-sm sm:p-8 ${
        plan.popular
          ? 'border-violet-500 bg-white shadow-violet-500/10 ring-1 ring-violet-500 dark:bg-slate-900'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60'
      }`}
    >
      {plan.popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-violet-600 px-3 py-1 text-xs font-semibold text-white shadow">
          Most Popular
        </span>
      )}
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {plan.name}
        </h2>
        {current && <span className="chip bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">Your plan</span>}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white" data-testid="plan-price">
          {price.perMonth}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-400">/month</span>
      </p>
      <p className="mt-1 h-5 text-sm text-slate-600 dark:text-slate-400">
        {price.billed ?? (plan.priceCents === 0 ? 'Free forever' : 'Billed monthly')}
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-3 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex items-start gap-2 text-slate-700 dark:text-slate-300">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-violet-600 dark:text-violet-400" />
            {f === 'Team collaboration' ? (
              <Link
                to="/team"
                className="underline decoration-violet-400 underline-offset-2 hover:text-violet-700 dark:hover:text-violet-300"
              >
                {f}
              </Link>
            ) : (
              f
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onChoose}
        aria-disabled={buttonDisabled || undefined}
        className={`tap mt-8 w-full py-2.5 text-sm ${plan.popular && !buttonDisabled ? 'btn-primary' : 'btn-secondary'} ${buttonDisabled ? 'cursor-default' : ''}`}
      >
        {buttonLabel}
      </button>
    </section>
  );
}
