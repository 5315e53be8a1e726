import { apiKeysRepository, currentPlanFor, Errors, usersRepository, type ApiKeyRow } from '@gl/core/server';
import { API_KEY_PREFIX, type ApiKeyCreatedDto, type ApiKeyDto, type Plan } from '@gl/core';
import type { ApiContext } from '../api-context';
import { requireFeature } from '../common/plan-policy';
import { newOpaqueToken, sha256 } from '../accounts';

export const MAX_ACTIVE_KEYS = 10;
const SHOWN_PREFIX_LENGTH = 10;

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** API keys for plans with API access: shown once at creation, only their sha256 is stored. */
export class ApiKeysService {
  constructor(private readonly ctx: ApiContext) {}

  async create(userId: string, name: string): Promise<ApiKeyCreatedDto> {
    const plan = await currentPlanFor(this.ctx.db, userId);
    requireFeature(plan, 'apiAccess', 'API access');
    const owner = await usersRepository.findById(this.ctx.db, userId);
    if (!owner?.emailVerifiedAt) throw Errors.emailNotVerified('create API keys');
    if ((await apiKeysRepository.countActive(this.ctx.db, userId)) >= MAX_ACTIVE_KEYS) {
      throw Errors.conflict(`You can have at most ${MAX_ACTIVE_KEYS} active API keys. Revoke one first.`);
    }
    const { token, hash } = newOpaqueToken(API_KEY_PREFIX);
    const row = await apiKeysRepository.insert(this.ctx.db, { userId, name, prefix: token.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hash });
    return { apiKey: toApiKeyDto(row), key: token };
  }

  async list(userId: string): Promise<ApiKeyDto[]> {
    return (await apiKeysRepository.listForUser(this.ctx.db, userId)).map(toApiKeyDto);
  }

  async revoke(userId: string, id: string): Promise<ApiKeyDto> {
    const row = await apiKeysRepository.revoke(this.ctx.db, userId, id);
    if (!row) throw Errors.notFound('API key not found');
    return toApiKeyDto(row);
  }

  /**
   * The owner of a presented key: 401 for an unknown or revoked key, 403 PLAN_REQUIRED when the
   * owner's plan no longer includes API access.
   */
  async authenticate(key: string): Promise<{ userId: string; apiKeyId: string; plan: Plan }> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw Errors.unauthenticated('Invalid or revoked API key');
    const row = await apiKeysRepository.findActiveByHash(this.ctx.db, sha256(key));
    if (!row) throw Errors.unauthenticated('Invalid or revoked API key');
    const plan = await currentPlanFor(this.ctx.db, row.userId);
    requireFeature(plan, 'apiAccess', 'API access');
    void apiKeysRepository.touch(this.ctx.db, row.id).catch(() => undefined);
    return { userId: row.userId, apiKeyId: row.id, plan };
  }
}
