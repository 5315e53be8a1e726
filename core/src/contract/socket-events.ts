import type { GenerationSource, PlanId } from '../platform/catalogue';
import type { PaymentProvider, PaymentStatus, SubscriptionDto } from '../billing/billing.contract';
import type { UsageSummary } from '../lines/lines.contract';
import type { PublicUser } from '../accounts/auth.contract';
import type { Plan } from '../platform/catalogue';
import type { TeamLineDto, TeamMemberDto } from '../teams/teams.contract';
import type { CampaignLineDto } from '../campaigns/campaigns.contract';
import type { ApprovalDecision, ApprovalLineState } from '../approvals/approval-limits';
import type { PublicApprovalLineDto } from '../approvals/approvals.contract';

/**
 * The one typed map of server -> client events, shared by api, worker and client.
 * Rooms: `user:<userId>` for signed-in sockets, `visitor:<visitorId>` for visitors, `team:<teamId>`
 * for the sockets of a team's members (joined on connect and on joining, left at once on leaving).
 */
export interface ServerToClientEvents {
  /**
   * An attempt runs. `lines`: the attempt's first line, sent at once inside this event (one message
   * instead of two; same meaning as a generation:line after it); absent when no line came within
   * 25 ms of the start.
   */
  'generation:started': (payload: { id: string; lines?: Array<{ index: number; text: string }> }) => void;
  'generation:line': (payload: { id: string; index: number; text: string }) => void;
  /**
   * Several lines of one generation that arrived together, in order (same meaning as that many
   * generation:line events). The first line of an attempt comes inside generation:started.
   */
  'generation:lines': (payload: { id: string; lines: Array<{ index: number; text: string }> }) => void;
  /**
   * `lines`: all of the generation's lines. `newLines`: the last lines of the stream that had not
   * been sent yet (they travel with the completion instead of a generation:lines just before it;
   * same meaning as that many generation:line events); absent when every line was sent before.
   */
  'generation:completed': (payload: {
    id: string;
    lines: string[];
    source: GenerationSource;
    usage: UsageSummary | null;
    newLines?: Array<{ index: number; text: string }>;
  }) => void;
  'generation:failed': (payload: { id: string; error: string }) => void;
  'payment:updated': (payload: {
    paymentId: string;
    provider: PaymentProvider;
    status: PaymentStatus;
    resultCode?: string | null;
    message: string;
    planId: PlanId;
  }) => void;
  'subscription:updated': (payload: { subscription: SubscriptionDto | null; currentPlan: Plan }) => void;
  /** A payment of the user was refunded or reversed at the provider (what it bought has ended); GET /billing shows it too. */
  'payment:refunded': (payload: {
    paymentId: string;
    kind: 'refund' | 'reversal';
    amount: number;
    currency: string;
    planId: PlanId;
    status: PaymentStatus;
    message: string;
  }) => void;
  'team:line-saved': (payload: { teamId: string; line: TeamLineDto }) => void;
  'team:line-deleted': (payload: { teamId: string; id: string }) => void;
  'team:member-joined': (payload: { teamId: string; member: TeamMemberDto }) => void;
  'team:member-left': (payload: { teamId: string; userId: string }) => void;
  /** The caller's own team changed (role, removal, transfer, invitation list): refetch GET /teams/current. */
  'team:updated': (payload: { teamId: string }) => void;
  /** The signed-in user changed (e-mail verified or changed, name): every tab shows the new state. */
  'account:updated': (payload: { user: PublicUser }) => void;
  /** One line of a campaign was written (or rewritten, or could not be): the line as it now stands, and the campaign's counts. */
  'campaign:progress': (payload: { campaignId: string; line: CampaignLineDto; done: number; failed: number; total: number }) => void;
  /** Every line of the campaign has been tried (sent once per campaign). */
  'campaign:completed': (payload: { campaignId: string; done: number; failed: number; total: number }) => void;
  /**
   * A reviewer decided or commented on a line of an approval link (DESIGN.md §21): to the link's
   * creator and, for a team's link, the team's members. `state` is the line's state after it
   * (a comment leaves it as it was). Refetch GET /approvals/:id for the whole history.
   */
  'approval:decided': (payload: {
    approvalId: string;
    lineId: string;
    version: number;
    decision: ApprovalDecision;
    state: ApprovalLineState;
    reviewerName: string;
    comment?: string;
    decidedAt: string;
  }) => void;
  /** A link of the creator or their team changed otherwise (new version, revoked, extended, locked, unlocked): refetch it. */
  'approval:updated': (payload: { approvalId: string }) => void;
  /**
   * To the client pages watching a link (`approval:watch`): a line as the page shows it changed
   * (another reviewer decided it, or the team shared a new version or a new line). Public fields only.
   */
  'approval:line': (payload: { line: PublicApprovalLineDto }) => void;
  /** To the client pages watching a link: it was revoked (or locked), so the page shows it is no longer available. */
  'approval:closed': (payload: Record<string, never>) => void;
}

/** Client -> server events. */
export interface ClientToServerEvents {
  /**
   * The client approval page (connected as a visitor: `auth: { visitorId }`) asks for a link's live
   * lines: the server checks the token and PIN as GET /public/approvals/:token does (a wrong PIN
   * counts towards the lock) and joins the socket to the link's room. `ok: false` for anything
   * that GET answers 404. Emit it again after a reconnect.
   */
  'approval:watch': (payload: { token: string; pin?: string }, ack: (result: { ok: boolean }) => void) => void;
}

export type ServerEventName = keyof ServerToClientEvents;

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of one signed-in device (refresh-token family), so ending a session closes its sockets. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const visitorRoom = (visitorId: string) => `visitor:${visitorId}`;
/** The client pages watching one approval link (by its id, never its token). */
export const approvalRoom = (approvalId: string) => `approval:${approvalId}`;
