/**
 * The browser's lean entry: the catalogue, the contract's plain limits and every contract type,
 * without zod (types are erased; nothing here pulls a schema into a bundle). The server and tests
 * validate with the schemas from `@gl/core`.
 */
export * from './platform/catalogue';
export * from './lines/platforms';
export * from './lines/occasions';
export * from './lines/platform-count';
export * from './platform/contract/limits';
export * from './teams/team-roles';
export * from './brands/brand-rules';
export * from './photo/photo-limits';
export * from './approvals/approval-limits';
export * from './platform/web/theme-init';
export * from './platform/i18n/languages';
export * from './platform/i18n/time';
export type * from './accounts/time-zone.contract';
export type * from './accounts/language.contract';
export type * from './platform/contract/common';
export type * from './accounts/auth.contract';
export type * from './lines/lines.contract';
export type * from './accounts/account.contract';
export type * from './billing/billing.contract';
export type * from './api-keys/v1.contract';
export * from './billing/money';
export type * from './contract/socket-events';
export type * from './brands/brands.contract';
export type * from './billing/billing-lifecycle.contract';
export type * from './teams/teams.contract';
export type * from './campaigns/campaigns.contract';
export type * from './approvals/approvals.contract';
export type * from './webhooks/webhooks.contract';
export type * from './mcp/mcp.contract';
export type * from './site/health.contract';
export type * from './contract/api-responses';
