import { planLookupColumns } from '../billing/plan-lookup.sql';

/**
 * The sign-in check as SQL that another feature's statement embeds (the generate request's accept
 * checks the token in the same round trip as it records the work: docs/lean-runtime.md §5). It reads
 * only tables, so any feature reaches it without a cycle (CONTRIBUTING, "The layers").
 *
 * A `select` over the user `${user}` (no row: the account is gone) with `accountLanguage`,
 * `issuedOk` (the token, issued at `${issuedMs}` milliseconds, is not older than the user's "valid
 * from", compared in whole milliseconds as SessionRevocations does), `sessionLive` (its session
 * `${session}`, when it names one, is not revoked) and the plan lookup's `ownPlan` and `teamBusiness`
 * at `${at}`: the same answer as `sessionsRepository.authState`.
 */
export function authStateSelect(user: string, session: string, issuedMs: string, at: string): string {
  return `select u.language as "accountLanguage",
     (u.sessions_valid_from is null or ${issuedMs}::bigint >= floor(extract(epoch from u.sessions_valid_from) * 1000)::bigint) as "issuedOk",
     (${session}::uuid is null or exists (select 1 from sessions s where s.id = ${session}::uuid and s.user_id = u.id and s.revoked_at is null)) as "sessionLive",
     ${planLookupColumns(user, at)}
   from users u where u.id = ${user}::uuid`;
}

/** The columns `authStateSelect` returns. */
export interface AuthStateColumns {
  accountLanguage: string;
  issuedOk: boolean;
  sessionLive: boolean;
  ownPlan: string | null;
  teamBusiness: boolean;
}
