import type { MembershipTier } from '../../content/community';
import { cardClass, primaryButtonClass, secondaryButtonClass, successButtonClass } from '../marketing/PageHeader';
import type { SimulatedStatus } from '../marketing/use-simulated-action';

export function TierCard({ tier, status, onJoin }: { tier: MembershipTier; status: SimulatedStatus; onJoin(): void }) {
  const titleId = `tier-${tier.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={`${cardClass} relative flex flex-col p-7 ${tier.popular ? 'ring-2 ring-violet-500 dark:ring-violet-400' : ''}`}
    >
      {tier.popular && (
        <span className="absolute -top-3 left-7 rounded-full bg-violet-600 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
          Most Popular
        </span>
      )}
      <h3 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
        {tier.name}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{tier.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold text-slate-900 dark:text-white">${tier.price}</span>
        <span className="text-slate-600 dark:text-slate-400">/month</span>
      </p>
      <ul className="mt-6 space-y-2.5 text-sm text-slate-700 dark:text-slate-300">
        {tier.features.map((f) => (
          <li key={f} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-7">
        <button
          type="button"
          onClick={onJoin}
          disabled={status !== 'idle'}
          className={`w-full ${status === 'done' ? successButtonClass : tier.popular ? primaryButtonClass : secondaryButtonClass}`}
        >
          {status === 'working' ? 'Joining...' : status === 'done' ? 'Joined!' : `Join ${tier.name}`}
        </button>
      </div>
    </article>
  );
}
