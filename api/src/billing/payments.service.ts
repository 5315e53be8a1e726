import type { PaymentDto } from '@gl/core';
import { Errors, USER_CANCELLED_CODE, paymentsRepository, settlePayment, toPaymentDto } from '@gl/core/server';
import type { ApiContext } from '../api-context';

/** A user's own payments: their history and the cancel of a pending one (PayPal and M-Pesa alike). */
export class PaymentsService {
  constructor(private readonly ctx: ApiContext) {}

  async history(userId: string): Promise<{ payments: PaymentDto[] }> {
    const rows = await paymentsRepository.listForUser(this.ctx.db, userId);
    return { payments: rows.map(toPaymentDto) };
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
