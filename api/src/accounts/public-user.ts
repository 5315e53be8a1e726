import { resolveLanguage, safeTimeZone, type PublicUser } from '@gl/core';
import { currentPlanFor, type ServerContext, type UserRow } from '@gl/core/server';

/** The account as the client sees it, with the plan in force. */
export async function toPublicUser(ctx: Pick<ServerContext, 'db'>, user: UserRow): Promise<PublicUser> {
  const plan = await currentPlanFor(ctx.db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    planId: plan.id,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerifiedAt !== null,
    // A stored value we no longer speak reads as English.
    language: resolveLanguage(user.language),
    timeZone: safeTimeZone(user.timeZone),
  };
}
