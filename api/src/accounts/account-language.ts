import type { PublicUser, UiLanguage } from '@gl/core';
import { Errors, usersRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { toPublicUser } from './public-user';

/** Saves the account's language (its e-mails, reminders and receipts follow it) and answers the updated account. */
export async function setAccountLanguage(ctx: ApiContext, userId: string, language: UiLanguage): Promise<PublicUser> {
  const user = await usersRepository.setLanguage(ctx.db, userId, language);
  if (!user) throw Errors.unauthenticated('Your account no longer exists. Please sign in again.');
  const dto = await toPublicUser(ctx, user);
  // The account's other tabs and devices switch too.
  ctx.realtime.emit({ userId }, 'account:updated', { user: dto });
  return dto;
}
