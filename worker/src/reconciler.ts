import { APPROVAL_SUMMARY_QUIET_MINUTES } from '@gl/core';
import {
  approvalsRepository,
  approvalSummaryJob,
  billingRepository,
  closeRedis,
  createRedis,
  campaignsRepository,
  contactMessagesRepository,
  emailJob,
  generationJob,
  generationsRepository,
  newsletterRepository,
  outboundEmailsRepository,
  paymentStatusJob,
  paybillExpiryJob,
  PAYBILL_KIND,
  PAYBILL_WINDOW_MS,
  paymentsRepository,
  paypalCancelJob,
  paypalCancellationsRepository,
  paypalRefundJob,
  photoStore,
  teamInvitationsRepository,
  webhookDeliveryJob,
  webhooksRepository,
  type ServerContext,
} from '@gl/core/server';
import { finishCampaignIfDone, reportCampaignLine } from './campaigns';
import { GENERATION_FAILED_MESSAGE } from './lines/generation.processor';
import { needsPhoto, PHOTO_GONE_MESSAGE } from './photo';
import { generationFailedText } from './lines';

const BATCH = 500;
/** M-Pesa payments older than this are left alone: the status job has given up and the callback won't come. */
const PAYMENT_HORIZON_MS = 24 * 3600_000;
/** A status check that gave up on a still-pending payment is asked again at most this often. */
export const PAYMENT_RECHECK_MS = 10 * 60_000;
/** A summary e-mail whose job finished without sending it (not due yet, or failed) is asked again at most this often. */
export const APPROVAL_SUMMARY_RETRY_MS = 60_000;

/**
 * A generation claimed this many times without finishing (three job lifetimes of worker deaths) is
 * given up on rather than run again: it is most likely what kills the worker.
 */
export const ABANDON_AFTER_ATTEMPTS = 9;

/** How many jobs a round added (or revived) per kind, work whose job is still live not counted; and the generations given up on. */
export interface ReconcileResult {
  generations: number;
  payments: number;
  emails: number;
  abandoned: number;
  webhooks: number;
}

type Outcome = Awaited<ReturnType<ServerContext['jobs']['ensureEnqueued']>>;
const enqueued = (outcomes: Outcome[]) => outcomes.filter((o) => o !== 'live').length;

/**
 * PostgreSQL is the source of truth; Redis only holds queues. Anything PostgreSQL still shows as
 * pending after a grace period is enqueued again, with the job id the producer used: a job still
 * waiting or running is left alone; a finished one is replaced (its row says the work is not done,
 * and every processor checks the row first, so nothing is done twice).
 */
export async function reconcileOnce(ctx: ServerContext, now = new Date()): Promise<ReconcileResult> {
  const cutoff = new Date(now.getTime() - ctx.config.RECONCILE_GRACE_MS);
  const { db, jobs } = ctx;

  const pendingGenerations = await generationsRepository.listUnfinished(db, cutoff, BATCH);
  const generationOutcomes: Outcome[] = [];
  let abandoned = 0;
  for (const g of pendingGenerations) {
    // A photo generation whose photo is gone (its key expired, or Redis lost its data) is not run
    // again without it: it fails, and its owner is told to send the photo again.
    const photoGone = needsPhoto(g) && !(await photoStore.exists(ctx.redis, ctx.config.REDIS_PREFIX, g.id));
    if (photoGone || g.attempts >= ABANDON_AFTER_ATTEMPTS) {
      const error = photoGone ? PHOTO_GONE_MESSAGE : GENERATION_FAILED_MESSAGE;
      const row = await generationsRepository.abandon(db, g.id, error);
      if (row) {
        abandoned++;
        if (photoGone) ctx.logger.warn({ generationId: g.id }, 'photo generation failed: its photo is gone');
        else ctx.logger.error({ generationId: g.id, attempts: g.attempts }, 'generation abandoned after repeated attempts');
        const audience = g.userId ? { userId: g.userId } : { visitorId: g.visitorId };
        ctx.realtime.emit(audience, 'generation:failed', { id: g.id, error: await generationFailedText(db, g.userId, error) });
        if (row.campaign) await reportCampaignLine(ctx, g.id);
      }
      continue;
    }
    // A regeneration or a refinement runs under its revision's job id, never the original's.
    const regeneration = g.replaceIndex !== null;
    const rework = regeneration || g.refine !== null;
    generationOutcomes.push(
      await jobs.ensureEnqueued(generationJob, {
        generationId: g.id,
        replaceIndex: regeneration ? g.replaceIndex! : undefined,
        revision: rework ? g.revision : 0,
      }),
    );
  }

  // A campaign whose lines have all finished but that a stopped worker never completed.
  for (const c of await campaignsRepository.listFinishedButRunning(db, cutoff, BATCH)) await finishCampaignIfDone(ctx, c.id);

  const pendingPayments = await paymentsRepository.listPendingMpesa(
    db,
    { createdAfter: new Date(now.getTime() - PAYMENT_HORIZON_MS), createdBefore: cutoff },
    BATCH,
  );
  const paymentOutcomes: Outcome[] = [];
  for (const p of pendingPayments) {
    paymentOutcomes.push(
      await jobs.ensureEnqueued(
        paymentStatusJob,
        { paymentId: p.id, checkoutRequestID: p.checkoutRequestID },
        { reviveFinishedBefore: now.getTime() - PAYMENT_RECHECK_MS },
      ),
    );
  }

  // Paybill payments past their window whose expiry job Redis lost.
  for (const p of await paymentsRepository.listPaybillsToExpire(db, PAYBILL_KIND, new Date(now.getTime() - PAYBILL_WINDOW_MS), BATCH))
    paymentOutcomes.push(await jobs.ensureEnqueued(paybillExpiryJob, { paymentId: p.id }));

  const emailOutcomes: Outcome[] = [];
  for (const s of await newsletterRepository.listPendingWelcomes(db, cutoff, BATCH))
    emailOutcomes.push(await jobs.ensureEnqueued(emailJob, { kind: 'newsletter-welcome', subscriberId: s.id }));

  for (const m of await contactMessagesRepository.listPending(db, cutoff, BATCH))
    emailOutcomes.push(await jobs.ensureEnqueued(emailJob, { kind: 'contact', messageId: m.id }));
  for (const n of await billingRepository.listPendingNotices(db, cutoff, BATCH))
    emailOutcomes.push(await jobs.ensureEnqueued(emailJob, { kind: 'billing', noticeId: n.id }));

  // Team invitations: the job carries no token (the worker makes it when sending), so a lost job is
  // simply enqueued again for the same send.
  for (const inv of await teamInvitationsRepository.pendingInvitationEmails(db, cutoff, BATCH, now))
    emailOutcomes.push(await jobs.ensureEnqueued(emailJob, { kind: 'team-invitation', invitationId: inv.id, sends: inv.sends }));

  for (const m of await outboundEmailsRepository.listPending(db, cutoff, BATCH))
    emailOutcomes.push(await jobs.ensureEnqueued(emailJob, { kind: 'outbound', emailId: m.id }));

  // PayPal subscriptions still to cancel, and sales of subscriptions we no longer held still to refund.
  for (const c of await paypalCancellationsRepository.listPending(db, cutoff, BATCH))
    paymentOutcomes.push(await jobs.ensureEnqueued(paypalCancelJob, { cancellationId: c.id }));
  for (const p of await paymentsRepository.listRefundsDue(db, cutoff, BATCH))
    paymentOutcomes.push(await jobs.ensureEnqueued(paypalRefundJob, { paymentId: p.id }));
  // Approval links' summary e-mails now due (every line decided, or quiet since the last decision);
  // a summary job that finished without sending is tried again at most once a minute.
  const quietBefore = new Date(now.getTime() - APPROVAL_SUMMARY_QUIET_MINUTES * 60_000);
  for (const a of await approvalsRepository.listSummariesDue(db, quietBefore, BATCH))
    emailOutcomes.push(
      await jobs.ensureEnqueued(
        approvalSummaryJob,
        { approvalId: a.id, round: a.summaryRound },
        { reviveFinishedBefore: now.getTime() - APPROVAL_SUMMARY_RETRY_MS },
      ),
    );

  // Webhook deliveries: each pending row's job (same id as the producer's); a live one (waiting for its
  // next retry) is left alone.
  const webhookOutcomes: Outcome[] = [];
  for (const d of await webhooksRepository.listPendingDeliveries(db, cutoff, BATCH))
    webhookOutcomes.push(await jobs.ensureEnqueued(webhookDeliveryJob, { deliveryId: d.id }));

  return {
    generations: enqueued(generationOutcomes),
    payments: enqueued(paymentOutcomes),
    emails: enqueued(emailOutcomes),
    abandoned,
    webhooks: enqueued(webhookOutcomes),
  };
}

/**
 * Runs the reconciler at start and then every RECONCILE_INTERVAL_MS. With several workers, a
 * short Redis lock lets one of them do each round (the job ids would make duplicates harmless anyway).
 */
export function startReconciler(ctx: ServerContext): { stop(): Promise<void>; runNow(): Promise<ReconcileResult | null> } {
  const lockKey = `${ctx.config.REDIS_PREFIX}-reconciler-lock`;
  const lockClient = createRedis(ctx.redisTarget, 'producer', 'reconciler-lock');
  let running: Promise<ReconcileResult | null> | null = null;
  let stopped = false;

  const round = async (): Promise<ReconcileResult | null> => {
    if (stopped) return null;
    try {
      const got = await lockClient.set(lockKey, String(process.pid), 'PX', Math.max(1000, ctx.config.RECONCILE_INTERVAL_MS - 500), 'NX');
      if (got !== 'OK') return null;
      const result = await reconcileOnce(ctx);
      if (result.generations || result.payments || result.emails || result.abandoned || result.webhooks)
        ctx.logger.info(result, 'reconciler re-enqueued pending work');
      return result;
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'reconciler round failed; will try again');
      return null;
    }
  };
  const runNow = () => {
    running ??= round().finally(() => (running = null));
    return running;
  };
  const first = setTimeout(() => void runNow(), 250);
  const timer = setInterval(() => void runNow(), ctx.config.RECONCILE_INTERVAL_MS);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
      await closeRedis(lockClient);
    },
  };
}
