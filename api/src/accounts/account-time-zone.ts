import type { PublicUser } from '@gl/core';
import { Errors, usersRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { toPublicUser } from './public-user';

/** Saves the account's time zone (times shown to it, its e-mails and its daily quota's midnight follow it) and answers the updated account. */
export async function setAccountTimeZone(ctx: ApiContext, userId: string, timeZone: string): Promise<PublicUser> {
  const user = await usersRepository.setTimeZone(ctx.db, userId, timeZone);
  if (!user) throw Errors.unauthenticated('Your account no longer exists. Please sign in again.');
  const dto = await toPublicUser(ctx, user);
  // The account's other tabs and devices show the new zone too.
  ctx.realtime.emit({ userId }, 'account:updated', { user: dto });
  return dto;
}
