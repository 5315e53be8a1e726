import { planPriceCents, yearlyMonthlyEquivalentCents, type BillingInterval, type Plan } from '@gl/core/types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatKsh, formatUsdCents } from './money';
import { CheckIcon } from '../../ui/icons';
import { featureKey, planNameKey } from './plan-text';

const formatUsd = (cents: number) => formatUsdCents(cents, { trimWhole: true });

/** The card's price per month and, for a yearly plan, the yearly total (money is written the same in both languages). */
export function displayPrice(plan: Plan, interval: BillingInterval, _locale?: string): { perMonth: string; yearly: string | null } {
  if (plan.priceCents === 0) return { perMonth: formatUsd(0), yearly: null };
  if (interval === 'month') return { perMonth: formatUsd(plan.priceCents), yearly: null };
  // Yearly = monthly x 12 x 0.8 (20% off); the monthly equivalent shown is that total / 12.
  return { perMonth: formatUsd(yearlyMonthlyEquivalentCents(plan.id)), yearly: formatUsd(planPriceCents(plan.id, 'year')) };
}

export default function PlanCard({
  plan,
  interval,
  priceKes,
  buttonLabel,
  buttonDisabled,
  current,
  onChoose,
}: {
  plan: Plan;
  interval: BillingInterval;
  /** What M-Pesa charges for this plan and interval, in whole shillings (the api's conversion); none for the free plan. */
  priceKes?: number | null;
  buttonLabel: string;
  buttonDisabled?: boolean;
  current: boolean;
  onChoose(): void;
}) {
  const { t } = useTranslation(['pricing', 'common']);
  const price = displayPrice(plan, interval);
  const headingId = `plan-${plan.id}`;
  const featureText = (line: string) => {
    const key = featureKey(line);
    if (key === 'daily') return t('features.daily', { count: plan.limits.dailyGenerations });
    if (key === 'campaignLines') return t('features.campaignLines', { count: plan.limits.campaignLinesPerDay });
    return key ? t(`features.${key}`) : line;
  };
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
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-violet-600 px-3 py-1 text-xs font-semibold text-white shadow">
          {t('card.popular')}
        </span>
      )}
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t(`common:${planNameKey(plan.id)}`)}
        </h2>
        {current && (
          <span className="chip bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">{t('card.yours')}</span>
        )}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white" data-testid="plan-price">
          {price.perMonth}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-400">{t('card.perMonth')}</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {price.yearly
          ? t('card.billedYearly', { amount: price.yearly })
          : plan.priceCents === 0
            ? t('card.freeForever')
            : t('card.billedMonthly')}
      </p>
      {priceKes != null && plan.priceCents > 0 && (
        <p className="mt-1 text-sm font-medium text-emerald-700 dark:text-emerald-300" data-testid="plan-price-kes">
          {t(interval === 'year' ? 'card.kesYear' : 'card.kesMonth', { amount: formatKsh(priceKes) })}
        </p>
      )}
      <ul className="mt-6 grid flex-1 content-start gap-3 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex items-start gap-2 text-slate-700 dark:text-slate-300">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-violet-600 dark:text-violet-400" />
            {featureKey(f) === 'team' ? (
              <Link
                to="/team"
                className="underline decoration-violet-400 underline-offset-2 hover:text-violet-700 dark:hover:text-violet-300"
              >
                {featureText(f)}
              </Link>
            ) : (
              featureText(f)
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
