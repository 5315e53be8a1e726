import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showDay } from '../../platform/time-zone';
import { type BillingInterval, type PaymentDto, type PaypalCancellationDto, type PlanId, type RefundNoticeDto } from '@gl/core/types';
import PageLoader from '../../ui/PageLoader';
import { SignInWall } from '../library';
import { errorMessage } from '../../platform/api';
import { useAuth } from '../accounts';
import {
  formatMinor,
  paymentStatusLabel,
  useAutoRenewToggle,
  usePaypalCancellationRetry,
  useBilling,
  useOpenReceipt,
  usePaymentHistory,
  useUpgradeQuote,
} from './billing';
import { useLiveConnection } from '../../platform/socket';

// The account's own day (its time zone).
const day = (iso: string | null | undefined) => showDay(iso);

export default function BillingPage() {
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <Billing userId={user.id} />;
}

function Billing({ userId }: { userId: string }) {
  const { t } = useTranslation(['billing', 'catalog']);
  useLiveConnection();
  const billing = useBilling(userId);
  const history = usePaymentHistory(userId);
  const openReceipt = useOpenReceipt();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const autoRenew = useAutoRenewToggle(userId);
  const busy = autoRenew.isPending;
  const error = autoRenew.error ? errorMessage(autoRenew.error, t('page.autoRenewFailed')) : null;
  const data = billing.data;
  const sub = data?.subscription?.status === 'active' ? data.subscription : null;
  const upgradeTo: PlanId | null = data?.currentPlan.id === 'pro' ? 'business' : null;
  const quote = useUpgradeQuote(userId, upgradeTo, interval);

  if (billing.isPending) return <PageLoader />;
  if (!data) return <p className="page">{errorMessage(billing.error, t('page.loadFailed'))}</p>;

  const toggleAutoRenew = () => {
    if (sub) autoRenew.mutate({ id: sub.id, autoRenew: sub.autoRenew });
  };

  return (
    <div className="page max-w-3xl space-y-8">
      <h1 className="page-title">{t('page.title')}</h1>

      <RefundNotices refunds={data.refunds} />

      <section aria-labelledby="plan-heading" className="card space-y-3 p-5">
        <h2 id="plan-heading" className="text-xl font-semibold">
          {t('page.plan', { plan: t(`catalog:plan.${data.currentPlan.id}`) })}
        </h2>
        {sub ? (
          <p data-testid="billing-period">
            {/* A plan granted without an end (no period) has no date to show. */}
            {sub.currentPeriodEnd && <>{t(sub.autoRenew ? 'page.renews' : 'page.ends', { date: day(sub.currentPeriodEnd) })} </>}
            {t(sub.interval === 'year' ? 'page.billedYearly' : 'page.billedMonthly', {
              provider: sub.provider === 'mpesa' ? 'M-Pesa' : 'PayPal',
            })}
          </p>
        ) : (
          <p>{t('page.free')}</p>
        )}
        {data.scheduled && (
          <p>{t('page.scheduled', { plan: t(`catalog:plan.${data.scheduled.planId}`), date: day(sub?.currentPeriodEnd) })}</p>
        )}
        {sub?.provider === 'paypal' && (
          <div className="flex flex-wrap items-center gap-1">
            {/* The whole 44 px box is the switch; the track inside it is what one sees. */}
            <button
              type="button"
              role="switch"
              aria-checked={sub.autoRenew}
              disabled={busy}
              onClick={toggleAutoRenew}
              className="-ml-1.5 inline-grid h-11 w-14 shrink-0 place-items-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
            >
              <span className="sr-only">{t('page.autoRenew')}</span>
              <span
                aria-hidden="true"
                className={`relative h-6 w-11 rounded-full transition ${sub.autoRenew ? 'bg-violet-600' : 'bg-slate-300 dark:bg-slate-600'}`}
              >
                <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white transition ${sub.autoRenew ? 'left-5' : 'left-0.5'}`} />
              </span>
            </button>
            <span aria-hidden="true">{t('page.autoRenew')}</span>
          </div>
        )}
        <PaypalCancellations userId={userId} items={data.paypalCancellations} />
        {sub?.provider === 'mpesa' && <p className="text-sm text-slate-600 dark:text-slate-400">{t('page.mpesaNote')}</p>}
        {error && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {error}
          </p>
        )}
        <Link to="/pricing" className="btn-secondary tap px-4 py-2">
          {sub ? t('page.change') : t('page.choose')}
        </Link>
      </section>

      {upgradeTo && (
        <section aria-labelledby="quote-heading" className="card space-y-3 p-5">
          <h2 id="quote-heading" className="text-xl font-semibold">
            {t('page.upgradeTo', { plan: t(`catalog:plan.${upgradeTo}`) })}
          </h2>
          <label className="flex items-center gap-2 text-sm">
            {t('page.billing')}
            <select value={interval} onChange={(e) => setBillingInterval(e.target.value as BillingInterval)} className="field w-auto">
              <option value="month">{t('page.monthly')}</option>
              <option value="year">{t('page.yearly')}</option>
            </select>
          </label>
          {quote.data && (
            <dl data-testid="upgrade-quote" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt>{t('page.price')}</dt>
              <dd>{formatMinor(quote.data.usd.price, 'USD')}</dd>
              <dt>{t('page.credit')}</dt>
              <dd>{t('page.creditAmount', { amount: formatMinor(quote.data.usd.credit, 'USD') })}</dd>
              <dt className="font-semibold">{t('page.due')}</dt>
              <dd className="font-semibold">
                {t('page.dueAmount', {
                  usd: formatMinor(quote.data.usd.amountDue, 'USD'),
                  kes: formatMinor(quote.data.kes.amountDue, 'KES'),
                })}
              </dd>
            </dl>
          )}
          {quote.isError && <p className="text-sm">{errorMessage(quote.error, t('page.quoteFailed'))}</p>}
        </section>
      )}

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-xl font-semibold">
          {t('page.history')}
        </h2>
        {history.data?.length ? (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {history.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span className="min-w-0">
                  {t('page.historyItem', {
                    date: day(p.createdAt),
                    plan: t(`catalog:plan.${p.planId}`),
                    interval: t(p.interval === 'year' ? 'page.intervalYearly' : 'page.intervalMonthly'),
                  })}{' '}
                  {formatMinor(p.amountMinor, p.currency)} <StatusBadge payment={p} />
                  {p.refundedMinor > 0 && p.status !== 'refunded' && (
                    <span className="block text-slate-600 dark:text-slate-400">
                      {t('page.refunded', { amount: formatMinor(p.refundedMinor, p.currency) })}
                    </span>
                  )}
                  {(p.receiptNumber || p.mpesaReceipt) && (
                    <span className="block text-slate-600 dark:text-slate-400" data-testid="payment-codes">
                      {p.receiptNumber && t('page.receiptNumber', { number: p.receiptNumber })}
                      {p.receiptNumber && p.mpesaReceipt && t('page.codesSeparator')}
                      {p.mpesaReceipt && t('page.mpesaCode', { code: p.mpesaReceipt })}
                    </span>
                  )}
                  {(p.status === 'refunded' || p.resultCode === 'REFUND_DUE' || p.resultCode === 'REFUND_FAILED') && (
                    <span className="block text-slate-600 dark:text-slate-400">{p.message}</span>
                  )}
                </span>
                {(p.status === 'completed' || (p.status === 'refunded' && p.completedAt)) && (
                  <button type="button" className="btn-secondary tap px-4 py-2" onClick={() => openReceipt(p.id)}>
                    {t('page.receipt')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{history.isPending ? t('page.loading') : t('page.noPayments')}</p>
        )}
      </section>
    </div>
  );
}

const BADGE: Record<PaymentDto['status'], string> = {
  completed: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200',
  refunded: 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100',
  pending: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  failed: 'bg-rose-50 text-rose-800 dark:bg-rose-500/10 dark:text-rose-200',
  cancelled: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

function StatusBadge({ payment }: { payment: PaymentDto }) {
  const partly = payment.status === 'completed' && payment.refundedMinor > 0;
  return (
    <span
      data-testid="payment-status"
      className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${partly ? BADGE.refunded : BADGE[payment.status]}`}
    >
      {paymentStatusLabel(payment)}
    </span>
  );
}

/** Refunds and reversals of the last 30 days: what came back, and what it ended (announced when one arrives live). */
function RefundNotices({ refunds }: { refunds: RefundNoticeDto[] }) {
  const { t } = useTranslation('billing');
  const recent = refunds.filter((r) => Date.now() - new Date(r.createdAt).getTime() < 30 * 86_400_000).slice(0, 3);
  return (
    <div aria-live="polite">
      {recent.length > 0 && (
        <section
          aria-labelledby="refunds-heading"
          data-testid="refund-notices"
          className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-50"
        >
          <h2 id="refunds-heading" className="font-semibold">
            {recent.some((r) => r.kind === 'reversal')
              ? t('page.refundsAndReversals')
              : recent.length > 1
                ? t('page.refunds')
                : t('page.refund')}
          </h2>
          <ul className="space-y-2">
            {recent.map((r) => (
              <li key={r.id}>
                <span className="font-medium">{day(r.createdAt)}:</span> {r.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * PayPal subscriptions the user left (upgrade, downgrade, free...): being cancelled at PayPal (retried
 * while PayPal is away), cancelled, or failed, with what to do then. Never two live subscriptions unsaid.
 */
function PaypalCancellations({ userId, items }: { userId: string; items: PaypalCancellationDto[] }) {
  const { t } = useTranslation(['billing', 'catalog']);
  const retrying = usePaypalCancellationRetry(userId);
  const busy = retrying.isPending ? retrying.variables : null;
  const error = retrying.error ? errorMessage(retrying.error, t('cancellation.retryFailed')) : null;
  if (items.length === 0) return null;
  const retry = (id: string) => retrying.mutate(id);
  return (
    <ul className="space-y-2" aria-live="polite" data-testid="paypal-cancellations">
      {items.map((c) => {
        const what = t('cancellation.what', { plan: t(`catalog:plan.${c.planId}`), id: c.providerSubscriptionId });
        if (c.status === 'pending')
          return (
            <li
              key={c.id}
              role="status"
              className="flex items-start gap-3 rounded-xl bg-violet-50 p-3 text-sm text-violet-950 dark:bg-violet-500/10 dark:text-violet-50"
            >
              <span
                aria-hidden="true"
                className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-violet-500 border-t-transparent motion-reduce:animate-none"
              />
              <span>{t('cancellation.pending', { what })}</span>
            </li>
          );
        if (c.status === 'failed')
          return (
            <li
              key={c.id}
              role="alert"
              className="space-y-2 rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-500/10 dark:text-rose-100"
            >
              <p>{t('cancellation.failed', { what })}</p>
              <button type="button" className="btn-secondary min-h-11 px-4 py-2" disabled={busy === c.id} onClick={() => retry(c.id)}>
                {busy === c.id ? t('cancellation.retrying') : t('cancellation.retry')}
              </button>
              {error && <p>{error}</p>}
            </li>
          );
        return (
          <li key={c.id} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            {t('cancellation.done', { what, date: day(c.cancelledAt) })}
          </li>
        );
      })}
    </ul>
  );
}
