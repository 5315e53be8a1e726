import { UnrecoverableError, type Job } from 'bullmq';
import { isFinalFailure, type Logger } from '@gl/core/server';
import { mailerFor, PermanentMailError, type Mail } from './mailer';
import type { WorkerContext } from '../processor';

export interface Delivery {
  mail: Mail;
  markDelivered(): Promise<void>;
  /** Records a failed attempt (the row stays pending; the email processor's onFinalFailure fails it after the last). */
  markAttemptFailed(error: string): Promise<void>;
}

/**
 * Sends one stored e-mail. PostgreSQL holds the row before the job exists, so nothing is lost:
 * success marks it delivered; a failure records the attempt and the error and throws, so BullMQ
 * retries with backoff (the row stays pending, which the reconciler also watches). A failure
 * retrying cannot fix is thrown as UnrecoverableError; after that or the last attempt the email
 * processor's onFinalFailure marks the row failed, and it stays stored.
 */
export async function deliver(ctx: WorkerContext, job: Job, d: Delivery, log: Logger): Promise<{ delivered: boolean }> {
  const mailer = mailerFor(ctx);
  try {
    await mailer.send(d.mail);
  } catch (err) {
    const message = (err as Error).message;
    const permanent = err instanceof PermanentMailError;
    const final = isFinalFailure(job, permanent ? new UnrecoverableError(message) : err);
    await d.markAttemptFailed(message);
    const entry = { jobId: job.id, kind: d.mail.kind, transport: mailer.name, attempt: job.attemptsMade + 1, err: message };
    if (final || mailer.name === 'none') log.error(entry, 'e-mail delivery failed: the row keeps the message');
    else log.warn(entry, 'e-mail delivery failed, will retry');
    if (permanent) throw new UnrecoverableError(message);
    throw err;
  }
  await d.markDelivered();
  return { delivered: true };
}
