import { useTranslation } from 'react-i18next';
import { MASTERMIND_MAX_MEMBERS, type MembershipTier } from './community';
import { formatUsd } from '../price';
import { cardClass, primaryButtonClass, secondaryButtonClass, successButtonClass } from '../../../ui/PageHeader';
import type { SimulatedStatus } from '../use-simulated-action';
import { TickList } from '../TickList';

/** A drawn mark, hidden from screen readers: not a word. */

export function TierCard({ tier, status, onJoin }: { tier: MembershipTier; status: SimulatedStatus; onJoin(): void }) {
  const { t } = useTranslation('community');
  const titleId = `tier-${tier.id}-title`;
  const name = t(`tier.${tier.id}.name`);
  const features = t(`tier.${tier.id}.features`, { returnObjects: true, max: MASTERMIND_MAX_MEMBERS }) as readonly string[];
  return (
    <article
      aria-labelledby={titleId}
      className={`${cardClass} relative flex flex-col p-7 ${tier.popular ? 'ring-2 ring-violet-500 dark:ring-violet-400' : ''}`}
    >
      {tier.popular && (
        <span className="absolute -top-3 left-7 rounded-full bg-violet-600 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
          {t('membership.popular')}
        </span>
      )}
      <h3 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
        {name}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`tier.${tier.id}.description`, { max: MASTERMIND_MAX_MEMBERS })}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold text-slate-900 dark:text-white">{formatUsd(tier.price)}</span>
        <span className="text-slate-600 dark:text-slate-400">{t('membership.perMonth')}</span>
      </p>
      <TickList items={features} className="mt-6 space-y-2.5 text-sm text-slate-700 dark:text-slate-300" />
      <div className="mt-auto pt-7">
        <button
          type="button"
          onClick={onJoin}
          disabled={status !== 'idle'}
          className={`w-full ${status === 'done' ? successButtonClass : tier.popular ? primaryButtonClass : secondaryButtonClass}`}
        >
          {status === 'working' ? t('membership.joining') : status === 'done' ? t('membership.joined') : t('membership.join', { name })}
        </button>
      </div>
    </article>
  );
}
