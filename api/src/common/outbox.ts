import { emailJob, outboundEmailsRepository, type DbOrTx, type OutboundEmailKind, type OutboundEmailRow } from '@gl/core/server';
import type { ApiContext } from '../api-context';

export interface OutboundEmail {
  kind: OutboundEmailKind;
  to: string;
  tokenId?: string;
  data: OutboundEmailRow['data'];
}

/** Stores an account e-mail (inside the caller's transaction when given one); enqueue it after commit. */
export function storeEmail(db: DbOrTx, email: OutboundEmail): Promise<OutboundEmailRow> {
  return outboundEmailsRepository.create(db, email);
}

/**
 * Puts stored e-mails on the `email` queue (after the transaction that stored them committed). If
 * Redis is away the rows stay pending and the reconciler enqueues them later with the same job id.
 */
export async function enqueueEmails(ctx: ApiContext, rows: OutboundEmailRow[]): Promise<void> {
  for (const row of rows) {
    await ctx.jobs.tryEnqueue(emailJob, { kind: 'outbound', emailId: row.id }, { log: { emailId: row.id, kind: row.kind } });
  }
}
