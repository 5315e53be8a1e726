import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MpesaPaybillDto } from '@gl/core/types';
import {
  PAYMENT_TEXT,
  mpesaInitiationError,
  pendingPaymentOf,
  useCancelPayment,
  useMpesaPaybill,
  useMpesaStatusReread,
  useMpesaStkPush,
  validPhone,
} from './payments';
import { PHONE_MAX } from '@gl/core/types';
import { usePaymentUpdates } from './use-payment-updates';
import { PhoneIcon } from '../../ui/icons';
import { Field } from '../../ui/forms/Field';
import type { PaymentFlow } from './payment-flow';
import PaybillPane from './PaybillPane';

/**
 * M-Pesa: an STK push to the buyer's phone, then waiting (live) for the PIN to be entered there; or,
 * when the prompt does not arrive (or failed), Lipa na M-Pesa Paybill from the phone's menu.
 */
export default function MpesaPane({ flow }: { flow: PaymentFlow }) {
  const { t } = useTranslation('billing');
  const { config, plan, interval, busy, offline } = flow;
  const [phone, setPhone] = useState('');
  const [checkout, setCheckout] = useState<string | null>(null);
  const [paybill, setPaybill] = useState<MpesaPaybillDto | null>(null);
  const phoneId = useId();
  const waitingFor = flow.phase === 'waiting' ? flow.paymentId : null;
  // Every (re)connection re-reads this STK request: a result sent while the socket was opening is not lost.
  const outcome = usePaymentUpdates(paybill ? null : waitingFor, useMpesaStatusReread(checkout));
  const stkPush = useMpesaStkPush();
  const paybillPayment = useMpesaPaybill();
  const cancelPayment = useCancelPayment();
  const settle = useEffectEvent(flow.settle);
  useEffect(() => {
    if (outcome) settle(outcome);
  }, [outcome]);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (offline) return;
    if (!validPhone(phone)) {
      flow.fail(PAYMENT_TEXT.phoneInvalid);
      return;
    }
    flow.processing();
    try {
      const push = await stkPush.mutateAsync({ planId: plan.id, interval, phoneNumber: phone.trim() });
      if (push.responseCode !== '0') {
        flow.fail(push.customerMessage || PAYMENT_TEXT.initiationFailed);
        return;
      }
      setCheckout(push.checkoutRequestID);
      flow.waiting(push.paymentId, push.customerMessage ?? null);
    } catch (err) {
      flow.fail(mpesaInitiationError(err), pendingPaymentOf(err));
    }
  };

  /** Pay by Paybill instead: an STK request still waiting is cancelled first (it may hold the upgrade credit). */
  const startPaybill = async () => {
    if (offline) return;
    const stkWaiting = flow.phase === 'waiting' && !paybill ? flow.paymentId : null;
    flow.processing();
    try {
      if (stkWaiting) await cancelPayment.mutateAsync(stkWaiting).catch(() => undefined);
      setCheckout(null);
      const created = await paybillPayment.mutateAsync({ planId: plan.id, interval });
      setPaybill(created);
      flow.waiting(created.paymentId);
    } catch (err) {
      setPaybill(null);
      flow.fail(mpesaInitiationError(err), pendingPaymentOf(err));
    }
  };
  const leavePaybill = () => {
    if (paybill) void cancelPayment.mutateAsync(paybill.paymentId).catch(() => undefined);
    setPaybill(null);
    flow.reset();
  };
  const paybillOffer = (
    <button
      type="button"
      className="btn-secondary mt-3 min-h-11 w-full px-4 py-2.5"
      data-testid="paybill-offer"
      onClick={() => void startPaybill()}
      disabled={offline || flow.phase === 'processing'}
    >
      {t('paybill.offer')}
    </button>
  );

  if (flow.phase === 'waiting' && paybill) return <PaybillPane flow={flow} paybill={paybill} onBack={leavePaybill} />;

  if (flow.phase === 'waiting') {
    return (
      <>
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl bg-violet-50 p-4 text-sm text-violet-900 dark:bg-violet-500/10 dark:text-violet-100"
        >
          <span
            className="mt-0.5 h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-violet-500 border-t-transparent motion-reduce:animate-none"
            aria-hidden="true"
          />
          <div>
            <p className="font-semibold">{t('mpesa.sent', { waiting: PAYMENT_TEXT.waiting })}</p>
            <p className="mt-1 text-violet-800 dark:text-violet-200">{config?.simulated ? t('mpesa.sandbox') : t('mpesa.enterPin')}</p>
          </div>
        </div>
        {paybillOffer}
      </>
    );
  }

  return (
    <form onSubmit={(e) => void pay(e)} noValidate>
      <Field
        id={phoneId}
        label={t('mpesa.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required={false}
        controlClassName="field pl-9"
        placeholder={t('mpesa.phonePlaceholder')}
        maxLength={PHONE_MAX}
        value={phone}
        onChange={setPhone}
        disabled={busy}
        hint={config?.kesPerUsd ? t('mpesa.promptRate', { rate: config.kesPerUsd }) : t('mpesa.prompt')}
        after={<PhoneIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />}
      />
      <button type="submit" className="btn-primary mt-4 w-full py-2.5" disabled={busy || offline}>
        {flow.phase === 'processing' ? t('mpesa.sending') : t('mpesa.pay')}
      </button>
      {paybillOffer}
    </form>
  );
}
