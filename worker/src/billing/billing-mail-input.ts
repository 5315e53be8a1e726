import type { UiLanguage } from '@gl/core';
import type { BillingNoticeRow, PaymentRefundRow, PaymentRow, PaypalCancellationRow } from '@gl/core/server';

/** What a billing e-mail is composed from, in either language (billing-mail.ts, billing-mail-sw.ts). */
export interface BillingMailInput {
  notice: BillingNoticeRow;
  name: string;
  email: string;
  payment?: PaymentRow;
  /** The PayPal cancellation a paypal-cancelled / paypal-cancel-failed notice is about. */
  cancellation?: PaypalCancellationRow;
  /** The refund a refund notice is about. */
  refund?: PaymentRefundRow;
  publicUrl?: string;
  /** The account's language (English when absent). */
  language?: UiLanguage;
  /** The account's IANA time zone: the days named are its days (UTC when absent). */
  timeZone?: string;
}
