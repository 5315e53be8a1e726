import type { Resource } from '../http/route';
import { accountDataResource } from './account-data.routes';
import { accountRecoveryResource } from './account-recovery.routes';
import { authResource } from './auth.routes';
import { newsletterUnsubscribeResource } from './newsletter-unsubscribe.routes';
import { sessionsResource } from './sessions.routes';
import { healthResource } from './health.routes';
import { savedLinesResource } from './saved-lines.routes';
import { generationResource } from './generation.routes';
import { photoResource } from './photo.routes';
import { usageResource } from './usage.routes';
import { accountResource } from './account.routes';
import { accountLanguageResource } from './account-language.routes';
import { newsletterResource } from './newsletter.routes';
import { contactResource } from './contact.routes';
import { plansResource } from './plans.routes';
import { platformsResource } from './platforms.routes';
import { subscriptionsResource } from './subscriptions.routes';
import { apiKeysResource } from './api-keys.routes';
import { paymentsResource } from './payments.routes';
import { v1Resource } from './v1.routes';
import { openApiResource } from './openapi.routes';
import { teamsResource } from './teams.routes';
import { brandsResource } from './brands.routes';
import { compareResource } from './compare.routes';
import { campaignsResource } from './campaigns.routes';
import { billingResource, receiptsResource } from './billing.routes';
import { autoRenewResource, paypalSubscriptionsResource } from './paypal-subscriptions.routes';
import { webhooksResource } from './webhooks.routes';
import { mcpResource } from './mcp.routes';

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
