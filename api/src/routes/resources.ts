import type { Resource } from '../http/route';
import { authResource } from '../accounts/auth.routes';
import { healthResource } from '../site/health.routes';
import { liveResource } from '../site/live.routes';
import { readyResource } from '../site/ready.routes';
import { savedLinesResource } from '../library/saved-lines.routes';
import { linesResource } from '../lines/lines.routes';
import { accountResource } from '../accounts/account.routes';
import { accountPreferencesResource } from '../accounts/account-preferences.routes';
import { newsletterResource } from '../site/newsletter.routes';
import { contactResource } from '../site/contact.routes';
import { plansResource } from '../billing/plans.routes';
import { platformsResource } from '../site/platforms.routes';
import { subscriptionsResource } from '../billing/subscriptions.routes';
import { apiKeysResource } from '../api-keys/api-keys.routes';
import { paymentsResource } from '../billing/payments.routes';
import { v1Resource } from '../api-keys/v1.routes';
import { openApiResource } from '../site/openapi.routes';
import { teamsResource } from '../teams/teams.routes';
import { brandsResource } from '../brands/brands.routes';
import { campaignsResource } from '../campaigns/campaigns.routes';
import { billingResource } from '../billing/billing.routes';
import { webhooksResource } from '../webhooks/webhooks.routes';
import { mcpResource } from '../mcp/mcp.routes';
import { approvalsResource } from '../approvals/approvals.routes';
import { publicApprovalsResource } from '../approvals/public-approvals.routes';

/**
 * Every resource defined with `defineResource`, in mount order: the api mounts them and the
 * OpenAPI document describes them from the same definitions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const RESOURCES: Resource<any>[] = [
  healthResource,
  readyResource,
  liveResource,
  authResource,
  savedLinesResource,
  linesResource,
  campaignsResource,
  approvalsResource,
  publicApprovalsResource,
  brandsResource,
  accountResource,
  accountPreferencesResource,
  newsletterResource,
  contactResource,
  plansResource,
  platformsResource,
  subscriptionsResource,
  paymentsResource,
  billingResource,
  apiKeysResource,
  webhooksResource,
  v1Resource,
  mcpResource,
  teamsResource,
  openApiResource(() => RESOURCES),
];
