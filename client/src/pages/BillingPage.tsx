import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  getPlan,
  type BillingInterval,
  type PaymentDto,
  type PaypalCancellationDto,
  type PlanId,
  type RefundNoticeDto,
} from '@gl/core/types';
import PageLoader from '../components/PageLoader';
import SignInWall from '../components/saved/SignInWall';
import { errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import {
  billingKey,
  formatMinor,
  openReceipt,
  paymentStatusLabel,
  useAutoRenewToggle,
  usePaypalCancellationRetry,
  useBilling,
  usePaymentHistory,
  useUpgradeQuote,
} from '../lib/billing';
import { useLiveConnection } from '../lib/socket';

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' }) : '');

export default function BillingPage() {
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <Billing userId={user.id} />;
}

function Billing({ userId }: { userId: string }) {
  useLiveConnection();
  const billing = useBilling(userId);
  const history = usePaymentHistory(userId);
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const autoRenew = useAutoRenewToggle(userId);
  const busy = autoRenew.isPending;
  const error = autoRenew.error ? errorMessage(autoRenew.error, 'Auto-renew could not be changed. Please try again.') : null;
  const data = billing.data;
  const sub = data?.subscription?.status === 'active' ? data.subscription : null;
  const upgradeTo: PlanId | null = data?.currentPlan.id === 'pro' ? 'business' : null;
  const quote = useUpgradeQuote(userId, upgradeTo, interval);

  if (billing.isPending) return <PageLoader />;
  if (!data) return <p className="page">{errorMessage(billing.error, 'Billing could not be loaded.')}</p>;

  const toggleAutoRenew = () => {
    if (sub) autoRenew.mutate({ id: sub.id, autoRenew: sub.autoRenew });
  };

  return (
    <div className="page max-w-3xl space-y-8">
      <h1 className="page-title">Billing</h1>

      <RefundNotices refunds={data.refunds} />

      <section aria-labelledby="plan-heading" className="card space-y-3 p-5">
        <h2 id="plan-heading" className="text-xl font-semibold">
          {data.currentPlan.name} plan
        </h2>
        {sub ? (
          <p data-testid="billing-period">
            {sub.autoRenew ? `Renews on ${day(sub.currentPeriodEnd)}.` : `Ends on ${day(sub.currentPeriodEnd)}.`} Billed{' '}
            {sub.interval === 'year' ? 'yearly' : 'monthly'} with {sub.provider === 'mpesa' ? 'M-Pesa' : 'PayPal'}.
          </p>
        ) : (
          <p>You are on the free plan.</p>
        )}
        {data.scheduled && (
          <p>
            Your {getPlan(data.scheduled.planId).name} plan starts on {day(sub?.currentPeriodEnd)}.
          </p>
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
              <span className="sr-only">Auto-renew</span>
              <span
                aria-hidden="true"
                className={`relative h-6 w-11 rounded-full transition ${sub.autoRenew ? 'bg-violet-600' : 'bg-slate-300 dark:bg-slate-600'}`}
              >
                <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white transition ${sub.autoRenew ? 'left-5' : 'left-0.5'}`} />
              </span>
            </button>
            <span aria-hidden="true">Auto-renew</span>
          </div>
        )}
        <PaypalCancellations userId={userId} items={data.paypalCancellations} />
        {sub?.provider === 'mpesa' && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            M-Pesa plans do not renew by themselves: pay again before the end to extend it without losing a day. We e-mail you 7 days and 1
            day before.
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {error}
          </p>
        )}
        <Link to="/pricing" className="btn-secondary tap px-4 py-2">
          {sub ? 'Change or extend your plan' : 'Choose a plan'}
        </Link>
      </section>

      {upgradeTo && (
        <section aria-labelledby="quote-heading" className="card space-y-3 p-5">
          <h2 id="quote-heading" className="text-xl font-semibold">
            Upgrade to {getPlan(upgradeTo).name}
          </h2>
          <label className="flex items-center gap-2 text-sm">
            Billing
            <select value={interval} onChange={(e) => setBillingInterval(e.target.value as BillingInterval)} className="field w-auto">
              <option value="month">Monthly</option>
              <option value="year">Yearly</option>
            </select>
          </label>
          {quote.data && (
            <dl data-testid="upgrade-quote" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt>Price</dt>
              <dd>{formatMinor(quote.data.usd.price, 'USD')}</dd>
              <dt>Credit for unused days</dt>
              <dd>−{formatMinor(quote.data.usd.credit, 'USD')}</dd>
              <dt className="font-semibold">Due now</dt>
              <dd className="font-semibold">
                {formatMinor(quote.data.usd.amountDue, 'USD')} (or {formatMinor(quote.data.kes.amountDue, 'KES')} with M-Pesa)
              </dd>
            </dl>
          )}
          {quote.isError && <p className="text-sm">{errorMessage(quote.error, 'The quote could not be loaded.')}</p>}
        </section>
      )}

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-xl font-semibold">
          Payment history
        </h2>
        {history.data?.length ? (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {history.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span className="min-w-0">
                  {day(p.createdAt)} · {getPlan(p.planId).name} ({p.interval === 'year' ? 'yearly' : 'monthly'}) ·{' '}
                  {formatMinor(p.amountMinor, p.currency)} <StatusBadge payment={p} />
                  {p.refundedMinor > 0 && p.status !== 'refunded' && (
                    <span className="block text-slate-600 dark:text-slate-400">{formatMinor(p.refundedMinor, p.currency)} refunded</span>
                  )}
                  {(p.status === 'refunded' || p.resultCode === 'REFUND_DUE' || p.resultCode === 'REFUND_FAILED') && (
                    <span className="block text-slate-600 dark:text-slate-400">{p.message}</span>
                  )}
                </span>
                {(p.status === 'completed' || (p.status === 'refunded' && p.completedAt)) && (
                  <button
                    type="button"
                    className="btn-secondary tap px-4 py-2"
                    onClick={() => void openReceipt(p.id).catch(() => undefined)}
                  >
                    Receipt
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{history.isPending ? 'Loading…' : 'No payments yet.'}</p>
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
            {recent.some((r) => r.kind === 'reversal') ? 'Refunds and reversals' : recent.length > 1 ? 'Refunds' : 'Refund'}
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
  const retrying = usePaypalCancellationRetry(userId);
  const busy = retrying.isPending ? retrying.variables : null;
  const error = retrying.error ? errorMessage(retrying.error, 'The cancellation could not be started again. Please try again.') : null;
  if (items.length === 0) return null;
  const retry = (id: string) => retrying.mutate(id);
  return (
    <ul className="space-y-2" aria-live="polite" data-testid="paypal-cancellations">
      {items.map((c) => {
        const what = `the PayPal subscription of your ${getPlan(c.planId).name} plan (${c.providerSubscriptionId})`;
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
              <span>
                Cancelling {what} at PayPal… It is still active there until PayPal confirms; we keep trying if PayPal is slow to answer, and
                e-mail you when it is done.
              </span>
            </li>
          );
        if (c.status === 'failed')
          return (
            <li
              key={c.id}
              role="alert"
              className="space-y-2 rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-500/10 dark:text-rose-100"
            >
              <p>
                We could not cancel {what} at PayPal, so PayPal may charge you again. Cancel it in your PayPal account (Settings, Payments,
                Manage automatic payments), or try again. If PayPal charges it, we refund that payment in full.
              </p>
              <button type="button" className="btn-secondary min-h-11 px-4 py-2" disabled={busy === c.id} onClick={() => retry(c.id)}>
                {busy === c.id ? 'Trying again…' : 'Try again'}
              </button>
              {error && <p>{error}</p>}
            </li>
          );
        return (
          <li key={c.id} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            We cancelled {what} at PayPal on {day(c.cancelledAt)}. PayPal will not charge you for it again.
          </li>
        );
      })}
    </ul>
  );
}
