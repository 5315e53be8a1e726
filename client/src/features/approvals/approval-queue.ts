/**
 * The client page's decisions waiting to be sent, kept on the device (localStorage) per link, so a
 * decision made without a connection survives a closed tab and is sent when the connection returns.
 * Also the reviewer's name, asked once and kept for every link opened on this device.
 */
import { storage } from '../../platform/storage';
import type { ApprovalDecisionsBody } from '@gl/core/types';

type ApprovalDecisionInput = ApprovalDecisionsBody['decisions'][number];

const QUEUE_PREFIX = 'genius-lines.approval-queue.';
const NAME_KEY = 'genius-lines.approval-reviewer';

/** One decision as the reviewer made it, with when (the order they are sent in). */
export interface QueuedDecision extends ApprovalDecisionInput {
  reviewerName: string;
  madeAt: string;
}

/** The queue's key: a short digest of the token, so the token itself is never written to storage. */
function keyOf(token: string): string {
  let h = 2166136261;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619);
  return QUEUE_PREFIX + (h >>> 0).toString(36) + token.length.toString(36);
}

function isQueued(v: unknown): v is QueuedDecision {
  if (!v || typeof v !== 'object') return false;
  const d = v as Record<string, unknown>;
  return typeof d.lineId === 'string' && typeof d.decision === 'string' && typeof d.reviewerName === 'string';
}

export function queuedDecisions(token: string): QueuedDecision[] {
  try {
    const parsed: unknown = JSON.parse(storage.get(keyOf(token)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

function write(token: string, queue: QueuedDecision[]): void {
  if (queue.length === 0) storage.remove(keyOf(token));
  else storage.set(keyOf(token), JSON.stringify(queue));
}

/** Adds decisions; a newer approve or request for changes on a line replaces an older unsent one (comments all stay). */
export function enqueueDecisions(token: string, decisions: QueuedDecision[]): QueuedDecision[] {
  let queue = queuedDecisions(token);
  for (const d of decisions) {
    if (d.decision !== 'comment') queue = queue.filter((q) => q.lineId !== d.lineId || q.decision === 'comment');
    queue.push(d);
  }
  write(token, queue);
  return queue;
}

/** Drops the decisions that were sent (the same objects, by their time and line). */
export function dropDecisions(token: string, sent: QueuedDecision[]): QueuedDecision[] {
  const done = new Set(sent.map((d) => `${d.madeAt}|${d.lineId}|${d.decision}`));
  const queue = queuedDecisions(token).filter((q) => !done.has(`${q.madeAt}|${q.lineId}|${q.decision}`));
  write(token, queue);
  return queue;
}

export function reviewerName(): string {
  return storage.get(NAME_KEY) ?? '';
}

export function rememberReviewerName(name: string): void {
  storage.set(NAME_KEY, name.trim());
}
