import {
  PAYBILL_KIND,
  TX_STATUS_NOT_PAID_NOTE,
  TX_STATUS_QUERY_EVENT,
  TX_STATUS_RESULT_EVENT,
  TX_STATUS_TIMEOUT_EVENT,
  parseTransactionStatusResult,
  paymentsRepository,
  settlePayment,
  transactionStatusVerdict,
} from '@gl/core/server';
import type { ApiContext } from '../api-context';

/**
 * Daraja's answers to our Transaction Status queries (a Paybill payment whose C2B confirmation never
 * came): stored first, then matched to the query we sent by its OriginatorConversationID (a result
 * for a query we did not send settles nothing). "Completed" with the asked TransID and the payment's
 * amount settles the payment once, through the same settlement as the C2B confirmation; any other
 * definitive answer is noted so the worker stops asking about that TransID; a queue timeout is noted
 * and the worker asks again.
 */
export class MpesaTransactionStatusService {
  constructor(private readonly ctx: ApiContext) {}

  async receive(kind: 'result' | 'timeout', body: unknown): Promise<void> {
    const eventId = await paymentsRepository.insertEvent(this.ctx.db, {
      provider: 'mpesa',
      kind: kind === 'result' ? TX_STATUS_RESULT_EVENT : TX_STATUS_TIMEOUT_EVENT,
      payload: body ?? {},
    });
    try {
      await this.apply(kind, eventId, body);
    } catch (err) {
      await paymentsRepository
        .recordEventOutcome(this.ctx.db, eventId, { applied: false, note: (err as Error).message.slice(0, 500) })
        .catch(() => undefined);
      this.ctx.logger.error({ eventId, err: (err as Error).message }, 'mpesa Transaction Status answer could not be applied');
    }
  }

  private async apply(kind: 'result' | 'timeout', eventId: string, body: unknown): Promise<void> {
    const note = async (text: string, paymentId?: string, applied = false) =>
      paymentsRepository.recordEventOutcome(this.ctx.db, eventId, { paymentId, applied, note: text.slice(0, 500) });
    const result = parseTransactionStatusResult(body);
    if (!result) return void (await note('not a Transaction Status result'));
    const query =
      (result.originatorConversationId &&
        (await paymentsRepository.findEventByPayload(
          this.ctx.db,
          TX_STATUS_QUERY_EVENT,
          'OriginatorConversationID',
          result.originatorConversationId,
        ))) ||
      (result.conversationId &&
        (await paymentsRepository.findEventByPayload(this.ctx.db, TX_STATUS_QUERY_EVENT, 'ConversationID', result.conversationId))) ||
      undefined;
    const transId = (query?.payload as { TransactionID?: string } | undefined)?.TransactionID;
    if (!query?.paymentId || !transId) {
      this.ctx.logger.warn({ eventId }, 'mpesa Transaction Status answer for no query of ours');
      return void (await note('answers no query of ours'));
    }
    const paymentId = query.paymentId;
    if (kind === 'timeout') return void (await note(`queue timeout for ${transId}: asked again`, paymentId));

    const verdict = transactionStatusVerdict(result, transId);
    if (verdict.kind === 'unreadable') return void (await note(verdict.reason, paymentId));
    if (verdict.kind === 'not-paid') return void (await note(`${TX_STATUS_NOT_PAID_NOTE} ${transId}: ${verdict.reason}`, paymentId, true));

    const payment = await paymentsRepository.findById(this.ctx.db, paymentId);
    if (!payment || payment.kind !== PAYBILL_KIND) return void (await note('not a Paybill payment', paymentId));
    if (verdict.amount !== payment.amountMinor) {
      this.ctx.logger.error({ eventId, paymentId, transId }, 'mpesa Transaction Status: paid another amount; to return by hand');
      return void (await note(`${TX_STATUS_NOT_PAID_NOTE} ${transId}: amount ${verdict.amount} is not ${payment.amountMinor}`, paymentId));
    }
    const seen = await paymentsRepository.findByMpesaReceipt(this.ctx.db, transId);
    if (seen) return void (await note(`TransID ${transId} already settled a payment`, paymentId));
    const settled = await settlePayment(this.ctx, payment.id, {
      status: 'completed',
      resultCode: '0',
      resultDesc: 'Paid by Lipa na M-Pesa',
      mpesaReceipt: transId,
      providerResult: { source: 'transaction-status', transId, eventId },
    });
    if (!settled.changed) return void (await note(`payment already ${settled.payment?.status ?? 'gone'}`, paymentId));
    await paymentsRepository.recordEventOutcome(this.ctx.db, eventId, { paymentId, applied: true });
  }
}
