import { randomBytes } from 'node:crypto';
import {
  checkWebhookUrl,
  currentPlanFor,
  Errors,
  toWebhookEndpointDto,
  translateServerMessage,
  usersRepository,
  WebhookUrlError,
  webhooksRepository,
  webhookUrlPolicy,
  type DbOrTx,
  type OutboundEmailRow,
  type ResolveAll,
  type WebhookEndpointRow,
} from '@gl/core/server';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_PREFIX,
  type CreateWebhookBody,
  type UiLanguage,
  type WebhookAttemptDto,
  type WebhookEndpointDto,
  type WebhookSecretDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { enqueueEmails, storeEmail } from '../common/outbox';
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

  /** The endpoint as its owner reads it: the reason it was disabled in the request's language. */
  private toDto(row: WebhookEndpointRow, language: UiLanguage): WebhookEndpointDto {
    const dto = toWebhookEndpointDto(row);
    return dto.disabledReason ? { ...dto, disabledReason: translateServerMessage(dto.disabledReason, language) } : dto;
  }

  /**
   * The owner's notice of a new endpoint or a new secret (DESIGN §22), stored in the caller's
   * transaction and enqueued after it commits: whoever else holds the password cannot add a
   * receiver of the account's data unseen.
   */
  private async storeNotice(
    tx: DbOrTx,
    kind: 'webhook-created' | 'webhook-secret-rotated',
    endpoint: WebhookEndpointRow,
    linkBase: string,
  ): Promise<OutboundEmailRow | undefined> {
    const owner = await usersRepository.findById(tx, endpoint.userId);
    if (!owner) return undefined;
    return storeEmail(tx, {
      kind,
      to: owner.email,
      data: { linkBase: linkBase.replace(/\/+$/, ''), name: owner.name, webhookUrl: endpoint.url },
    });
  }

  async create(userId: string, body: CreateWebhookBody, linkBase: string, language: UiLanguage = 'en'): Promise<WebhookSecretDto> {
    await this.requirePlan(userId);
    const url = await this.checkUrl(body.url);
    const secret = newWebhookSecret();
    const created = await this.ctx.db.transaction(async (tx) => {
      const row = await webhooksRepository.createEndpointWithin(
        tx,
        { userId, url, events: body.events, secret, linkBase },
        WEBHOOK_ENDPOINTS_MAX,
      );
      if (!row) return undefined;
      return { row, email: await this.storeNotice(tx, 'webhook-created', row, linkBase) };
    });
    if (!created) throw Errors.conflict(`You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`);
    if (created.email) await enqueueEmails(this.ctx, [created.email]);
    return { endpoint: this.toDto(created.row, language), secret };
  }

  async list(userId: string, language: UiLanguage = 'en'): Promise<WebhookEndpointDto[]> {
    return (await webhooksRepository.listEndpoints(this.ctx.db, userId)).map((row) => this.toDto(row, language));
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await webhooksRepository.deleteOwnedEndpoint(this.ctx.db, userId, id))) throw Errors.notFound('Webhook endpoint not found');
  }

  /** A new secret (the old one stops working at once); a disabled endpoint is turned back on; the owner is e-mailed. */
  async rotate(userId: string, id: string, linkBase: string, language: UiLanguage = 'en'): Promise<WebhookSecretDto> {
    await this.requirePlan(userId);
    const secret = newWebhookSecret();
    const rotated = await this.ctx.db.transaction(async (tx) => {
      const row = await webhooksRepository.rotateSecret(tx, userId, id, secret);
      if (!row) return undefined;
      return { row, email: await this.storeNotice(tx, 'webhook-secret-rotated', row, row.linkBase ?? linkBase) };
    });
    if (!rotated) throw Errors.notFound('Webhook endpoint not found');
    if (rotated.email) await enqueueEmails(this.ctx, [rotated.email]);
    return { endpoint: this.toDto(rotated.row, language), secret };
  }

  async attempts(userId: string, id: string): Promise<WebhookAttemptDto[]> {
    if (!(await webhooksRepository.findOwnedEndpoint(this.ctx.db, userId, id))) throw Errors.notFound('Webhook endpoint not found');
    return webhooksRepository.listAttempts(this.ctx.db, userId, id, WEBHOOK_ATTEMPTS_SHOWN);
  }
}
