import type { Resource } from '../http/route';
import { accountDataResource } from '../account/account-data.routes';
import { accountRecoveryResource } from '../auth/account-recovery.routes';
import { authResource } from '../auth/auth.routes';
import { newsletterUnsubscribeResource } from '../site/newsletter-unsubscribe.routes';
import { sessionsResource } from '../auth/sessions.routes';
import { healthResource } from '../site/health.routes';
import { savedLinesResource } from '../library/saved-lines.routes';
import { generationResource } from '../lines/generation.routes';
import { photoResource } from '../lines/photo.routes';
import { usageResource } from '../account/usage.routes';
import { accountResource } from '../account/account.routes';
import { accountLanguageResource } from '../account/account-language.routes';
import { newsletterResource } from '../site/newsletter.routes';
import { contactResource } from '../site/contact.routes';
import { plansResource } from '../billing/plans.routes';
import { platformsResource } from '../site/platforms.routes';
import { subscriptionsResource } from '../billing/subscriptions.routes';
import { apiKeysResource } from '../api-keys/api-keys.routes';
import { paymentsResource } from '../billing/payments.routes';
import { v1Resource } from '../v1/v1.routes';
import { openApiResource } from '../site/openapi.routes';
import { teamsResource } from '../teams/teams.routes';
import { brandsResource } from '../brands/brands.routes';
import { compareResource } from '../lines/compare.routes';
import { campaignsResource } from '../campaigns/campaigns.routes';
import { billingResource, receiptsResource } from '../billing/billing.routes';
import { autoRenewResource, paypalSubscriptionsResource } from '../billing/paypal-subscriptions.routes';
import { webhooksResource } from '../webhooks/webhooks.routes';
import { mcpResource } from '../mcp/mcp.routes';

/**
 * Every resource defined with `defineResource`, in mount order: the api mounts them and the
 * OpenAPI document describes them from the same definitions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const RESOURCES: Resource<any>[] = [
  healthResource,
  authResource,
  accountRecoveryResource,
  sessionsResource,
  savedLinesResource,
  generationResource,
  photoResource,
  compareResource,
  campaignsResource,
  brandsResource,
  usageResource,
  accountResource,
  accountDataResource,
  accountLanguageResource,
  newsletterResource,
  newsletterUnsubscribeResource,
  contactResource,
  plansResource,
  platformsResource,
  subscriptionsResource,
  paymentsResource,
  billingResource,
  receiptsResource,
  paypalSubscriptionsResource,
  autoRenewResource,
  apiKeysResource,
  webhooksResource,
  v1Resource,
  mcpResource,
  teamsResource,
  openApiResource(() => RESOURCES),
];
