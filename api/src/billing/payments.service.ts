import type { PaymentDto, UiLanguage } from '@gl/core';
import { Errors, USER_CANCELLED_CODE, paymentsRepository, settlePayment, toPaymentDto } from '@gl/core/server';
import type { ApiContext } from '../api-context';

/** A user's own payments: their history and the cancel of a pending one (PayPal and M-Pesa alike). */
export class PaymentsService {
  constructor(private readonly ctx: ApiContext) {}

  /** The caller's payments, each one's message in `lang` (the request's language). */
  async history(userId: string, lang: UiLanguage): Promise<{ payments: PaymentDto[] }> {
    const rows = await paymentsRepository.listForUser(this.ctx.db, userId);
    return { payments: rows.map((row) => toPaymentDto(row, lang)) };
  }

  /** `cancelled` is true when the payment was pending, false otherwise. */
  async cancel(userId: string, paymentId: string): Promise<{ cancelled: boolean }> {
    const payment = await paymentsRepository.findForUser(this.ctx.db, userId, paymentId);
    if (!payment) throw Errors.notFound('Payment not found');
    if (payment.status !== 'pending') return { cancelled: false };
    const result = await settlePayment(this.ctx, payment.id, {
      status: 'cancelled',
      resultCode: USER_CANCELLED_CODE,
      resultDesc: 'Cancelled in the app',
    });
    return { cancelled: result.changed };
  }
}
