import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MpesaPaybillDto } from '@gl/core/types';
import { useCopy } from '../../platform/clipboard';
import { formatKsh } from './money';
import { usePaymentOutcomeReread } from './payments';
import { usePaymentUpdates } from './use-payment-updates';
import { CheckIcon, CopyIcon } from '../../ui/icons';
import type { PaymentFlow } from './payment-flow';

/**
 * Lipa na M-Pesa, Paybill: what to type in the M-Pesa menu (business number, this payment's own
 * account number, the exact amount), large and copyable, while the payment is awaited live over the
 * socket (`payment:updated`, re-read from the history on every reconnection).
 */
export default function PaybillPane({ flow, paybill, onBack }: { flow: PaymentFlow; paybill: MpesaPaybillDto; onBack(): void }) {
  const { t } = useTranslation('billing');
  const waitingFor = flow.phase === 'waiting' ? paybill.paymentId : null;
  const outcome = usePaymentUpdates(waitingFor, usePaymentOutcomeReread(paybill.paymentId));
  const settle = useEffectEvent(flow.settle);
  useEffect(() => {
    if (outcome) settle(outcome);
  }, [outcome]);
  const minutes = useMinutesLeft(paybill.expiresAt);

  return (
    <section
      aria-labelledby="paybill-title"
      data-testid="paybill-pane"
      className="rounded-xl border border-emerald-300 p-4 dark:border-emerald-500/40"
    >
      <h3 id="paybill-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {t('paybill.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('paybill.steps')}</p>
      <div className="mt-3 space-y-2">
        <Copyable label={t('paybill.business')} value={paybill.businessNumber} testId="paybill-business" />
        <Copyable label={t('paybill.account')} value={paybill.accountNumber} testId="paybill-account" />
        <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800">
          <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('paybill.amount')}</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white" data-testid="paybill-amount">
            {formatKsh(paybill.amount)}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('paybill.exact')}</p>
        </div>
      </div>
      <div role="status" className="mt-3 flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
        <span
          className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-emerald-600 border-t-transparent motion-reduce:animate-none"
          aria-hidden="true"
        />
        <p>
          {t('paybill.waiting')} {minutes > 0 && t('paybill.expires', { count: minutes })}
        </p>
      </div>
      {flow.config?.simulated && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('paybill.sandbox')}</p>}
      <button type="button" className="btn-secondary mt-3 min-h-11 w-full px-4 py-2.5" onClick={onBack}>
        {t('paybill.back')}
      </button>
    </section>
  );
}

/** A value to type on the phone: large, with a Copy button (44 px) that says Copied for 2 s. */
function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('billing');
  const { copiedKey, copy } = useCopy();
  const copied = copiedKey === testId;
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800">
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</p>
        <p
          className="whitespace-nowrap font-mono text-xl font-bold tracking-wide text-slate-900 min-[360px]:text-2xl dark:text-white"
          data-testid={testId}
        >
          {value}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void copy(testId, value)}
        className="btn-secondary inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 px-3 py-2 text-sm"
      >
        {copied ? <CheckIcon className="h-4 w-4 text-emerald-600" /> : <CopyIcon className="h-4 w-4" />}
        <span aria-live="polite">{copied ? t('paybill.copied') : t('paybill.copy')}</span>
        <span className="sr-only">: {label}</span>
      </button>
    </div>
  );
}

/** Whole minutes until `iso`, kept current once a minute. */
function useMinutesLeft(iso: string): number {
  const left = () => Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 60_000));
  const [minutes, setMinutes] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => setMinutes(left()), 30_000);
    return () => clearInterval(timer);
  }, [iso]);
  return minutes;
}
