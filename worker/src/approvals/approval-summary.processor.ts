import { APPROVAL_SUMMARY_QUIET_MINUTES, resolveLanguage, safeTimeZone } from '@gl/core';
import { approvalsRepository, approvalSummaryJob } from '@gl/core/server';
import { deliver } from '../email/deliver';
import { registerProcessor } from '../processor';
import { composeApprovalSummary } from './approval-summary-mail';

/**
 * The creator's summary e-mail of a link's decisions, sent once per round: only while the link
 * still has that round's decisions pending (the row is checked first, and marked sent after the
 * mail went), and only when it is due: every line decided, or the quiet period after the last
 * decision has passed (the reconciler enqueues it again then).
 */
export const approvalSummaryProcessor = registerProcessor(
  approvalSummaryJob,
  async (payload, ctx, job) => {
    const found = await approvalsRepository.summaryOf(ctx.db, payload.approvalId);
    if (!found) return { skipped: 'unknown link' };
    const { link } = found;
    if (link.summaryRound !== payload.round || !link.summaryPending) return { skipped: 'already sent' };
    const pending = found.lines.filter((l) => l.state === 'pending').length;
    const quietSince = link.lastDecisionAt ? Date.now() - link.lastDecisionAt.getTime() : 0;
    if (pending > 0 && quietSince < APPROVAL_SUMMARY_QUIET_MINUTES * 60_000) return { skipped: 'not due yet' };
    const language = resolveLanguage(found.language);
    const reader = { language, timeZone: safeTimeZone(found.timeZone) };
    const lineText = new Map(found.lines.map((l) => [l.id, l.text]));
    const base = ctx.config.PUBLIC_URL?.replace(/\/+$/, '');
    const bodies = composeApprovalSummary({
      name: found.name,
      title: link.title,
      lines: found.lines,
      comments: found.comments.map((c) => ({
        reviewerName: c.reviewerName,
        comment: c.comment ?? '',
        decision: c.decision,
        createdAt: c.createdAt,
        lineText: lineText.get(c.lineId) ?? null,
      })),
      appUrl: base ? `${base}${language === 'sw' ? '/sw' : ''}/approvals` : undefined,
      reader,
    });
    return deliver(
      ctx,
      job,
      {
        mail: { kind: 'notice', to: found.email, name: found.name, ...bodies },
        markDelivered: async () => {
          await approvalsRepository.markSummarySent(ctx.db, link.id, payload.round, link.lastDecisionAt);
        },
        markAttemptFailed: async (error) => {
          ctx.logger.warn({ approvalId: link.id, err: error }, 'approval summary e-mail attempt failed');
        },
      },
      ctx.logger,
    );
  },
  {
    // Sending failed for good (an address refused, or every attempt failed): this round is given up, so the
    // reconciler does not try it for ever; the next decision starts a new round.
    onFinalFailure: async (payload, ctx, _job, err) => {
      ctx.logger.error(
        { approvalId: payload.approvalId, round: payload.round, err: err.message },
        'approval summary e-mail failed for good',
      );
      await approvalsRepository.markSummarySent(ctx.db, payload.approvalId, payload.round);
    },
  },
);
