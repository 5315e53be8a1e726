import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { YEARLY_DISCOUNT, getPlan, type BillingInterval, type Plan, type PlanId } from '@gl/core/types';
import PaymentModal from './PaymentModal';
import PlanCard from './PlanCard';
import PricingFaq from './PricingFaq';
import { planNameKey } from './plan-text';
import { intlLocale, useLanguage } from '../../platform/i18n/i18n';
import { showDay } from '../../platform/time-zone';
import { useAuth } from '../accounts';
import { usePaymentsConfig, useRefreshSubscriptions, useStoreSubscription, useSubscriptions, type CaptureResult } from './payments';
import { useRefreshUsage } from '../lines';
import { planKes, usePlans } from './plan';
import { useLiveConnection, useLiveEvent } from '../../platform/socket';
import { CheckIcon } from '../../ui/icons';

function LiveSubscriptionSync({ userId, onPlan }: { userId: string; onPlan(planId: PlanId): void }) {
  useLiveConnection();
  const storeSubscription = useStoreSubscription();
  useLiveEvent('subscription:updated', (p) => {
    storeSubscription(userId, p.subscription, p.currentPlan);
    onPlan(p.currentPlan.id);
  });
  return null;
}

const INTERVALS: readonly BillingInterval[] = ['month', 'year'];
const SEPARATOR = ' · ';

export default function PricingPage() {
  const { t } = useTranslation(['pricing', 'common']);
  const locale = intlLocale(useLanguage());
  const planName = (id: PlanId) => t(`common:${planNameKey(id)}`);
  const { user, isAuthenticated, updateUser } = useAuth();
  const navigate = useNavigate();
  const storeSubscription = useStoreSubscription();
  const refreshSubscriptions = useRefreshSubscriptions();
  const refreshUsage = useRefreshUsage();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [selected, setSelected] = useState<Plan | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const plans = usePlans();
  const subscriptions = useSubscriptions(isAuthenticated ? user?.id : undefined);
  const payments = usePaymentsConfig(selected !== null);

  const currentPlanId: PlanId = subscriptions.data?.currentPlan.id ?? user?.planId ?? 'free';
  const activeSubscription = subscriptions.data?.subscriptions.find((s) => s.status === 'active');
  if (subscriptions.isError) console.error('Loading subscription failed', subscriptions.error);

  const applyPlan = useCallback(
    (planId: PlanId) => {
      if (user && user.planId !== planId) updateUser({ planId });
      refreshUsage();
    },
    [user, updateUser, refreshUsage],
  );

  const onSuccess = (result?: CaptureResult) => {
    const plan = result?.currentPlan ?? selected;
    if (plan) {
      applyPlan(plan.id);
      if (user) storeSubscription(user.id, result?.subscription, getPlan(plan.id));
      setNotice(t('paid', { plan: planName(plan.id) }));
    }
    refreshSubscriptions();
    setSelected(null);
  };

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), 8_000);
    return () => clearTimeout(t);
  }, [notice]);

  const choose = (plan: Plan) => {
    if (plan.priceCents === 0) return; // The free plan's button does nothing: there is nothing to buy.
    if (plan.id === currentPlanId) return;
    if (!isAuthenticated) {
      navigate('/auth', { state: { from: '/pricing' } });
      return;
    }
    setSelected(plan);
  };

  const label = (plan: Plan): string => {
    if (plan.priceCents === 0)
      return isAuthenticated ? (currentPlanId === 'free' ? t('button.current') : t('button.free')) : t('button.start');
    if (isAuthenticated && plan.id === currentPlanId) return t('button.current');
    return t('button.upgrade', { plan: planName(plan.id) });
  };

  return (
    <div className="page">
      {isAuthenticated && user && <LiveSubscriptionSync userId={user.id} onPlan={applyPlan} />}
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-violet-700 dark:text-violet-300">{t('eyebrow')}</p>
        <h1 className="page-title mt-2">{t('title')}</h1>
        <p className="page-lead">{t('lead')}</p>
      </div>

      {notice && (
        <p
          role="status"
          className="mx-auto mt-8 flex max-w-xl items-center justify-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200"
        >
          <CheckIcon className="h-4 w-4" />
          {notice}
        </p>
      )}

      {isAuthenticated && (
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400" data-testid="current-plan">
          <Trans
            t={t}
            i18nKey="current"
            values={{ plan: planName(currentPlanId) }}
            components={{ b: <span className="font-semibold text-slate-900 dark:text-white" /> }}
          />
          {activeSubscription?.currentPeriodEnd && (
            <>
              {SEPARATOR}
              {t(activeSubscription.cancelAtPeriodEnd ? 'ends' : 'renews', {
                date: showDay(activeSubscription.currentPeriodEnd),
              })}
            </>
          )}
        </p>
      )}

      <div className="mt-8 flex justify-center">
        <div
          role="group"
          aria-label={t('period.label')}
          className="inline-flex items-center rounded-full border border-slate-200 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
        >
          {INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              aria-pressed={interval === i}
              onClick={() => setBillingInterval(i)}
              className={`tap inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium transition-colors ${
                interval === i
                  ? 'bg-violet-600 text-white shadow-sm'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {t(`period.${i}`)}
              {i === 'year' && (
                <span
                  className={`rounded-full px-2 py-0.5 text-[0.7rem] font-bold ${
                    interval === 'year'
                      ? 'bg-white/20 text-white'
                      : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300'
                  }`}
                >
                  {t('period.off', { percent: new Intl.NumberFormat(locale, { style: 'percent' }).format(YEARLY_DISCOUNT) })}
                </span>
              )}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        {(plans.data ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            interval={interval}
            priceKes={planKes(plan, interval)}
            current={isAuthenticated && plan.id === currentPlanId}
            buttonLabel={label(plan)}
            buttonDisabled={plan.priceCents === 0 || (isAuthenticated && plan.id === currentPlanId)}
            onChoose={() => choose(plan)}
          />
        ))}
      </div>

      <section
        aria-labelledby="enterprise-heading"
        className="mt-12 flex flex-col items-start justify-between gap-6 rounded-2xl bg-gradient-to-br from-slate-900 to-violet-950 p-8 text-white sm:flex-row sm:items-center dark:from-slate-900 dark:to-violet-950/80 dark:ring-1 dark:ring-slate-800"
      >
        <div>
          <h2 id="enterprise-heading" className="text-xl font-semibold">
            {t('enterprise.title')}
          </h2>
          <p className="mt-2 max-w-xl text-sm text-slate-300">{t('enterprise.text')}</p>
        </div>
        <Link to="/contact" className="btn shrink-0 bg-white px-5 py-2.5 text-sm text-slate-900 hover:bg-slate-100">
          {t('enterprise.contact')}
        </Link>
      </section>

      <PricingFaq />

      {selected && (
        <PaymentModal
          plan={selected}
          interval={interval}
          config={payments.data}
          configError={payments.isError}
          onClose={() => setSelected(null)}
          onSuccess={onSuccess}
        />
      )}
    </div>
  );
}
