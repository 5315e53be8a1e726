/**
 * TEMPORARY: the approval link shapes as DESIGN §21 describes them, until the server's contract
 * (core/src/approvals/approvals.contract.ts) lands; then these come from `@gl/core/types`.
 */
import type { PlatformId } from '@gl/core/types';

export type ApprovalLineState = 'pending' | 'approved' | 'changes_requested';
export type ApprovalDecisionKind = 'approve' | 'request_changes' | 'comment';

export interface PublicApprovalLineDto {
  id: string;
  text: string;
  platform: PlatformId | null;
  state: ApprovalLineState;
  version: number;
}

export interface PublicApprovalDto {
  title: string;
  note: string | null;
  language: 'en' | 'sw';
  lines: PublicApprovalLineDto[];
}

export interface ApprovalDecisionDto {
  lineId: string;
  decision: ApprovalDecisionKind;
  comment: string | null;
  reviewerName: string;
  createdAt: string;
}

export interface ApprovalLineDto extends PublicApprovalLineDto {
  decisions: ApprovalDecisionDto[];
}

export interface ApprovalDto {
  id: string;
  title: string;
  note: string | null;
  language: 'en' | 'sw';
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  locked: boolean;
  hasPin: boolean;
  createdBy: { id: string; name: string };
  teamId: string | null;
  lines: ApprovalLineDto[];
}

export interface CreatedApprovalDto {
  id: string;
  url: string;
  token: string;
}

export type ApprovalSource = { generationId: string } | { campaignId: string } | { savedLineIds: string[] };

export interface CreateApprovalBody {
  title: string;
  note?: string;
  pin?: string;
  expiresInDays?: number;
  source: ApprovalSource;
  teamId?: string;
}

export interface ApprovalDecisionInput {
  lineId: string;
  decision: ApprovalDecisionKind;
  comment?: string;
}

export const APPROVAL_TITLE_MAX = 120;
export const APPROVAL_NOTE_MAX = 1000;
export const APPROVAL_COMMENT_MAX = 1000;
export const APPROVAL_REVIEWER_NAME_MAX = 80;
export const APPROVAL_EXPIRY_DEFAULT_DAYS = 14;
export const APPROVAL_EXPIRY_MAX_DAYS = 90;
export const APPROVAL_PIN_PATTERN = '[0-9]{4,6}';
