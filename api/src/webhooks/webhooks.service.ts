import { randomBytes } from 'node:crypto';
import {
  checkWebhookUrl,
  currentPlanFor,
  Errors,
  toWebhookEndpointDto,
  WebhookUrlError,
  webhooksRepository,
  webhookUrlPolicy,
  type ResolveAll,
} from '@gl/core/server';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_PREFIX,
  type CreateWebhookBody,
  type WebhookAttemptDto,
  type WebhookEndpointDto,
  type WebhookSecretDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { requireFeature } from '../common/plan-policy';

/** Attempts the api-docs page shows per endpoint. */
export const WEBHOOK_ATTEMPTS_SHOWN = 50;

/** A Standard Webhooks secret: `whsec_` + 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * Outgoing webhook endpoints (Business plan: the same feature as API access). Creating and rotating
 * need the plan; listing, reading attempts and deleting stay open to the owner, so someone who left
 * the plan can still see and remove what they set up. The secret is in the create and rotate answers only.
 */
export class WebhooksService {
  constructor(
    private readonly ctx: ApiContext,
    /** DNS for the URL check (tests give fixed answers); the system resolver otherwise. */
    private readonly resolve?: ResolveAll,
  ) {}

  private async requirePlan(userId: string): Promise<void> {
    requireFeature(await currentPlanFor(this.ctx.db, userId), 'apiAccess', 'Webhooks');
  }

  /** 400 with the checker's message when the URL may not be called (https in production, public addresses only). */
  private async checkUrl(url: string): Promise<string> {
    try {
      return (await checkWebhookUrl(url, webhookUrlPolicy(this.ctx.config), this.resolve)).href;
    } catch (err) {
      if (err instanceof WebhookUrlError) throw Errors.validation(err.message, [{ path: 'url', message: err.message }]);
      throw err;
    }
  }

  async create(userId: string, body: CreateWebhookBody, linkBase: string): Promise<WebhookSecretDto> {
    await this.requirePlan(userId);
    const url = await this.checkUrl(body.url);
    if ((await webhooksRepository.countEndpoints(this.ctx.db, userId)) >= WEBHOOK_ENDPOINTS_MAX) {
      throw Errors.conflict(`You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`);
    }
    const secret = newWebhookSecret();
    const row = await webhooksRepository.createEndpoint(this.ctx.db, { userId, url, events: body.events, secret, linkBase });
    return { endpoint: toWebhookEndpointDto(row), secret };
  }

  async list(userId: string): Promise<WebhookEndpointDto[]> {
    return (await webhooksRepository.listEndpoints(this.ctx.db, userId)).map(toWebhookEndpointDto);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await webhooksRepository.deleteOwnedEndpoint(this.ctx.db, userId, id))) throw Errors.notFound('Webhook endpoint not found');
  }

  /** A new secret (the old one stops working at once); a disabled endpoint is turned back on. */
  async rotate(userId: string, id: string): Promise<WebhookSecretDto> {
    await this.requirePlan(userId);
    const secret = newWebhookSecret();
    const row = await webhooksRepository.rotateSecret(this.ctx.db, userId, id, secret);
    if (!row) throw Errors.notFound('Webhook endpoint not found');
    return { endpoint: toWebhookEndpointDto(row), secret };
  }

  async attempts(userId: string, id: string): Promise<WebhookAttemptDto[]> {
    if (!(await webhooksRepository.findOwnedEndpoint(this.ctx.db, userId, id))) throw Errors.notFound('Webhook endpoint not found');
    return webhooksRepository.listAttempts(this.ctx.db, userId, id, WEBHOOK_ATTEMPTS_SHOWN);
  }
}
