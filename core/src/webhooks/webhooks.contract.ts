import { z } from 'zod';
import { timestampSchema, uuidSchema } from '../platform/contract/common';
import {
  WEBHOOK_CHANGES_PER_HOUR,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_URL_MAX,
} from '../platform/contract/limits';
export { WEBHOOK_CHANGES_PER_HOUR, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_SECRET_PREFIX, WEBHOOK_URL_MAX };
export type { WebhookEventType } from '../platform/contract/limits';

const eventType = z.enum(WEBHOOK_EVENT_TYPES, { message: `events must be among: ${WEBHOOK_EVENT_TYPES.join(', ')}` });

/**
 * POST /webhooks. The URL is checked for shape here; whether it may be called (https in
 * production, never a private, loopback or link-local address) is checked by the server after DNS.
 */
export const createWebhookBody = z.strictObject({
  url: z
    .string({ message: 'url is required' })
    .trim()
    .min(1, 'url is required')
    .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'url must be a valid http(s) URL'),
  events: z
    .array(eventType, { message: 'events must be a list of event types' })
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((e) => new Set(e).size === e.length, 'Each event can be chosen once'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhookIdParams = z.object({ id: uuidSchema });

export const webhookEndpointDto = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(eventType),
  /** active, or disabled after failing for 24 hours (or more), or by a trust reset (password changed or reset, sign out everywhere). */
  status: z.enum(['active', 'disabled']),
  disabledAt: timestampSchema.nullable(),
  disabledReason: z.string().nullable().describe("why it was disabled, in the request's language; rotating the secret turns it back on"),
  failingSince: timestampSchema
    .nullable()
    .describe('the first failed attempt of the current run of failures; null when the last attempt succeeded'),
  createdAt: timestampSchema,
  secretRotatedAt: timestampSchema.nullable(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointDto>;

/** The answer that creates an endpoint or rotates its secret: the only place the secret is shown. */
export const webhookSecretDto = z.object({
  endpoint: webhookEndpointDto,
  secret: z.string().describe(`the signing secret (${WEBHOOK_SECRET_PREFIX}...): shown only in this answer`),
});
export type WebhookSecretDto = z.infer<typeof webhookSecretDto>;

export const webhookEndpointsDto = z.object({ endpoints: z.array(webhookEndpointDto) });
export type WebhookEndpointsDto = z.infer<typeof webhookEndpointsDto>;

export const webhookAttemptDto = z.object({
  id: z.uuid(),
  /** The delivery's id: the `webhook-id` header of each of its attempts. */
  messageId: z.string(),
  eventType: eventType,
  attempt: z.int().min(1),
  outcome: z.enum(['succeeded', 'failed']),
  responseStatus: z.int().nullable(),
  error: z.string().nullable(),
  durationMs: z.int().min(0),
  createdAt: timestampSchema,
});
export type WebhookAttemptDto = z.infer<typeof webhookAttemptDto>;
export const webhookAttemptsDto = z.object({ attempts: z.array(webhookAttemptDto) });
export type WebhookAttemptsDto = z.infer<typeof webhookAttemptsDto>;
