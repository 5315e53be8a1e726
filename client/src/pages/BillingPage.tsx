import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { getPlan, type BillingInterval, type PlanId } from '@gl/core/types';
import PageLoader from '../components/PageLoader';
import SignInWall from '../components/saved/SignInWall';
import { api, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { billingKey, formatMinor, openReceipt, useBilling, usePaymentHistory, useUpgradeQuote } from '../lib/billing';
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
  const queryClient = useQueryClient();
  const billing = useBilling(userId);
  const history = usePaymentHistory(userId);
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = billing.data;
  const sub = data?.subscription?.status === 'active' ? data.subscription : null;
  const upgradeTo: PlanId | null = data?.currentPlan.id === 'pro' ? 'business' : null;
  const quote = useUpgradeQuote(userId, upgradeTo, interval);

  if (billing.isPending) return <PageLoader />;
  if (!data) return <p className="page">{errorMessage(billing.error, 'Billing could not be loaded.')}</p>;

  const toggleAutoRenew = async () => {
    if (!sub) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/subscriptions/${sub.id}/${sub.autoRenew ? 'cancel' : 'resume'}`, { method: 'POST', body: {} });
      await queryClient.invalidateQueries({ queryKey: billingKey(userId) });
    } catch (err) {
      setError(errorMessage(err, 'Auto-renew could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page max-w-3xl space-y-8">
      <h1 className="page-title">Billing</h1>

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
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              role="switch"
              aria-checked={sub.autoRenew}
              disabled={busy}
              onClick={toggleAutoRenew}
              className={`relative h-6 w-11 shrink-0 rounded-full transition ${sub.autoRenew ? 'bg-violet-600' : 'bg-slate-300 dark:bg-slate-600'}`}
            >
              <span className="sr-only">Auto-renew</span>
              <span
                aria-hidden="true"
                className={`absolute top-0.5 h-5 w-5 rounded-full bg-white transition ${sub.autoRenew ? 'left-5' : 'left-0.5'}`}
              />
            </button>
            <span aria-hidden="true">Auto-renew</span>
          </div>
        )}
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
        <Link to="/pricing" className="btn-secondary inline-block">
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
                  {formatMinor(p.amountMinor, p.currency)} · {p.status}
                </span>
                {p.status === 'completed' && (
                  <button type="button" className="btn-secondary" onClick={() => void openReceipt(p.id).catch(() => undefined)}>
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
