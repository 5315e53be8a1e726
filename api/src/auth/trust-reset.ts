import { apiKeysRepository, webhooksRepository, type DbOrTx } from '@gl/core/server';

/**
 * DESIGN §22: a credential that can act for the account or receive its data ends when the
 * account's trust is reset (password reset, password change, sign out everywhere). Call it inside
 * the transaction that ends the sessions: the API keys are revoked and the webhook endpoints
 * disabled with a reason the owner reads on the webhooks panel (rotating the secret turns one back
 * on once the owner has checked its URL is theirs).
 */
export async function endAccountCredentials(tx: DbOrTx, userId: string): Promise<{ revokedKeys: number; disabledWebhooks: number }> {
  const revokedKeys = await apiKeysRepository.revokeAllForUser(tx, userId);
  const disabledWebhooks = await webhooksRepository.disableAllForUser(tx, userId);
  return { revokedKeys, disabledWebhooks };
}
