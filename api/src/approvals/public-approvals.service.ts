import {
  approvalPinMatches,
  approvalsRepository,
  approvalStatusOf,
  approvalSummaryJob,
  approvalTokenHash,
  enqueueWebhookDeliveries,
  recordWebhookEvent,
  Errors,
  type ApprovalLinkRow,
} from '@gl/core/server';
import {
  APPROVAL_DECISIONS_PER_MINUTE,
  APPROVAL_PIN_ATTEMPTS_MAX,
  APPROVAL_TOKEN_PATTERN,
  type ApprovalDecidedEventDto,
  type ApprovalDecisionsBody,
  type PublicApprovalDecidedDto,
  type PublicApprovalDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { Limiter } from '../common/rate-limit.service';

/** The one answer for an unknown, expired, revoked or locked link and a missing or wrong PIN. */
export const PUBLIC_APPROVAL_NOT_FOUND = 'This link is not available. Check the link and its PIN, or ask for a new link.';
/** Links (unknown, or with a wrong PIN) one address may miss in the window before it is refused for a while. */
export const APPROVAL_MISSES_PER_ADDRESS = 30;

/**
 * The client's side of an approval link: no account, the token (and PIN) in hand. Anything that
 * cannot be shown answers the same 404 after the same work (one lookup by the token's hash, one
 * keyed hash of the PIN, one count against the address), so no answer tells the cases apart.
 */
export class PublicApprovalsService {
  private readonly misses: Limiter;
  private readonly decisions: Limiter;

  constructor(private readonly ctx: ApiContext) {
    this.misses = Limiter.for(ctx, 'approval-miss', { points: APPROVAL_MISSES_PER_ADDRESS, seconds: 15 * 60, what: 'attempts' });
    this.decisions = Limiter.for(ctx, 'approval-decisions', { points: APPROVAL_DECISIONS_PER_MINUTE, seconds: 60, what: 'decisions' });
  }

  /**
   * The open link for this token and PIN, or the same 404 (a wrong PIN counts towards the link's
   * lock); 429 for an address over its misses.
   */
  async resolve(token: string, pin: string | undefined, address: string | null, now = new Date()): Promise<ApprovalLinkRow> {
    // An address that has missed too often is refused whatever it asks for, a good link too: a 200
    // beside 429s would still tell a guess that hit.
    if (await this.misses.exhausted(address ?? 'unknown')) await this.misses.consume(address ?? 'unknown');
    const row = APPROVAL_TOKEN_PATTERN.test(token)
      ? await approvalsRepository.findByTokenHash(this.ctx.db, approvalTokenHash(token))
      : undefined;
    const pinMatches = approvalPinMatches(this.ctx.jwtSecret, row?.tokenHash ?? '', pin, row?.pinHash ?? null);
    const open = row !== undefined && approvalStatusOf(row, now) === 'open';
    if (open && (row.pinHash === null || pinMatches)) return row;
    if (open && row.pinHash !== null && pin !== undefined && pin !== '') {
      // Locked by this attempt: the pages watching it close, the team sees it locked.
      if (await approvalsRepository.recordPinFailure(this.ctx.db, row.id, APPROVAL_PIN_ATTEMPTS_MAX, now)) {
        this.ctx.realtime.emit({ approvalId: row.id }, 'approval:closed', {});
        this.ctx.realtime.emit({ userId: row.userId, teamId: row.teamId }, 'approval:updated', { approvalId: row.id });
      }
    }
    await this.misses.consume(address ?? 'unknown');
    throw Errors.notFound(PUBLIC_APPROVAL_NOT_FOUND);
  }

  /**
   * The title of an open link without a PIN, for the page's HTML (approve-document.ts); undefined
   * for anything else. A miss counts against the address like the page's own read (so the HTML is
   * no way round the limit: a mistyped link costs two of the address's misses), and an address over
   * the limit gets no title at all.
   */
  async titleWithoutPin(token: string, address: string | null, now = new Date()): Promise<string | undefined> {
    if (await this.misses.exhausted(address ?? 'unknown')) return undefined;
    const row = await approvalsRepository.findByTokenHash(this.ctx.db, approvalTokenHash(token));
    if (row && row.pinHash === null && approvalStatusOf(row, now) === 'open') return row.title;
    await this.misses.consume(address ?? 'unknown').catch(() => undefined);
    return undefined;
  }

  async view(token: string, pin: string | undefined, address: string | null): Promise<PublicApprovalDto> {
    const link = await this.resolve(token, pin, address);
    return {
      title: link.title,
      note: link.note,
      language: link.language === 'sw' ? 'sw' : 'en',
      lines: await approvalsRepository.publicLines(this.ctx.db, link.id),
    };
  }

  /** For `approval:watch`: the link's id to join its room, or undefined for anything GET would answer 404 (or 429). */
  async watch(token: string, pin: string | undefined, address: string | null): Promise<string | undefined> {
    try {
      return (await this.resolve(token, pin, address)).id;
    } catch {
      return undefined;
    }
  }

  /**
   * Records a reviewer's decisions (last one wins, every one kept), then tells the creator and the
   * team (approval:decided), the other pages on the link (approval:line), the creator's webhooks
   * (approval.decided), and sends the summary e-mail when no line is left pending.
   */
  async decide(
    token: string,
    pin: string | undefined,
    address: string | null,
    body: ApprovalDecisionsBody,
  ): Promise<PublicApprovalDecidedDto> {
    const link = await this.resolve(token, pin, address);
    await this.decisions.consume(link.id);
    // The approval.decided events are recorded with the decisions (one transaction), their deliveries
    // enqueued after it commits (else the reconciler sends them).
    const deliveries: string[] = [];
    const result = await approvalsRepository.decide(
      this.ctx.db,
      link.id,
      body.reviewerName,
      body.decisions.map((d) => ({ lineId: d.lineId, decision: d.decision, comment: d.comment ? d.comment : null, version: d.version })),
      async (tx, recorded) => {
        for (const d of recorded) {
          const data: ApprovalDecidedEventDto = {
            approvalId: link.id,
            title: link.title,
            lineId: d.lineId,
            version: d.version,
            text: d.text,
            decision: d.decision,
            state: d.state,
            reviewerName: body.reviewerName,
            comment: d.comment,
            decidedAt: d.createdAt.toISOString(),
          };
          deliveries.push(
            ...(await recordWebhookEvent(tx, { userId: link.userId, type: 'approval.decided', data, key: `approval-decision-${d.id}` })),
          );
        }
      },
    );
    if (result === 'closed') throw Errors.notFound(PUBLIC_APPROVAL_NOT_FOUND);
    if (result === 'unknown_line') throw Errors.notFound('Line not found');
    if (result === 'stale') throw Errors.conflict('A line has a new version since you read it. Read it again, then decide.');
    const lines = await approvalsRepository.publicLines(this.ctx.db, link.id);
    for (const d of result.recorded) {
      this.ctx.realtime.emit({ userId: link.userId, teamId: link.teamId }, 'approval:decided', {
        approvalId: link.id,
        lineId: d.lineId,
        version: d.version,
        decision: d.decision,
        state: d.state,
        reviewerName: body.reviewerName,
        ...(d.comment ? { comment: d.comment } : {}),
        decidedAt: d.createdAt.toISOString(),
      });
      const line = lines.find((l) => l.id === d.lineId);
      if (line && d.decision !== 'comment') this.ctx.realtime.emit({ approvalId: link.id }, 'approval:line', { line });
    }
    await enqueueWebhookDeliveries(this.ctx, deliveries);
    if (result.allDecided) {
      await this.ctx.jobs.tryEnqueue(
        approvalSummaryJob,
        { approvalId: link.id, round: result.summaryRound },
        { log: { approvalId: link.id } },
      );
    }
    return { lines };
  }
}
