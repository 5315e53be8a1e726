import type { ErrorRequestHandler, Request } from 'express';
import type { Plan } from '@gl/core';
import { pickRequestLanguage, planFromLookup } from '@gl/core/server';
import type { RevocationVerdict, SessionRevocations } from './session-revocations';
import { throwUnlessValid } from './token.service';

/** The sign-in check's columns as the generate request's accept returns them (core's auth-state.sql.ts). */
export interface SessionStateColumns {
  accountLanguage: string;
  issuedOk: boolean;
  sessionLive: boolean;
  ownPlan: string | null;
  teamBusiness: boolean;
}

/**
 * The revocation check of a request's access token, not made yet: on a route that makes it inside its
 * own statement (`sessionCheck: 'inHandler'`, the generate request: one PostgreSQL round trip instead
 * of two, docs/lean-runtime.md §5), `authenticate` checks only the token's signature and leaves this
 * on the request. The route either hands the statement's columns to `apply()` before it answers, or
 * calls `settle()` (the check on its own, as `authenticate` makes it) before it does anything with the
 * user's data. Every error answer settles it first (`settleSessionCheckBeforeError`), so a revoked
 * token is still answered 401, in the same words and language as before, whatever else failed.
 */
export class PendingSessionCheck {
  private done = false;
  private plan?: Plan;

  constructor(
    private readonly req: Request,
    private readonly revocations: SessionRevocations,
    readonly userId: string,
    readonly sessionId: string | undefined,
    readonly issuedAtMs: number,
  ) {}

  get settled(): boolean {
    return this.done;
  }

  /** The user's plan, once settled. */
  get currentPlan(): Plan | undefined {
    return this.plan;
  }

  /** Makes the check on its own (one statement, as `authenticate` does); 401 when the token no longer stands. */
  async settle(): Promise<void> {
    if (this.done) return;
    const { verdict, plan, language } = await this.revocations.inspect(this.userId, this.sessionId, this.issuedAtMs);
    this.finish(verdict, plan, language);
  }

  /** The check made inside the route's statement: its columns (undefined: the account is gone). */
  apply(state: SessionStateColumns | undefined): void {
    if (this.done) return;
    if (!state) return this.finish('account-gone');
    const verdict: RevocationVerdict = state.issuedOk && state.sessionLive ? 'valid' : 'revoked';
    this.finish(verdict, verdict === 'valid' ? planFromLookup(state) : undefined, state.accountLanguage);
  }

  private finish(verdict: RevocationVerdict, plan?: Plan, language?: string): void {
    this.done = true;
    throwUnlessValid(verdict);
    this.plan = plan;
    if (this.req.auth && plan) this.req.auth.plan = plan;
    // The signed-in account's language comes first, as `authenticate` sets it.
    if (language !== undefined) this.req.language = pickRequestLanguage({ account: language });
  }
}

/** Before any error answer: a pending check is made, and a token that no longer stands is answered 401 instead. */
export const settleSessionCheckBeforeError: ErrorRequestHandler = (err, req, _res, next) => {
  const check = req.sessionCheck;
  if (!check || check.settled) return next(err);
  check.settle().then(
    () => next(err),
    (authErr: unknown) => next(authErr),
  );
};
