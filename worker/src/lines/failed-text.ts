import { translateServerMessage, usersRepository, type DbOrTx } from '@gl/core/server';

/**
 * What generation:failed says, in the owner's language: a failure is rare, so the account's language
 * is read then (one small statement), not with every claim. A visitor has no account, and the
 * accepted row keeps no request language (a column on every generation for a rare failure of a
 * signed-out visit): a visitor is told in English. The row keeps the English text; an answer that
 * shows it translates it on the way out. The processor and the reconciler both say it this way.
 */
export async function generationFailedText(db: DbOrTx, userId: string | null, message: string): Promise<string> {
  return userId ? translateServerMessage(message, await usersRepository.languageOf(db, userId)) : message;
}
