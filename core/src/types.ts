/**
 * The browser's lean entry: the catalogue, the contract's plain limits and every contract type,
 * without zod (types are erased; nothing here pulls a schema into a bundle). The server and tests
 * validate with the schemas from `@gl/core`.
 */
export * from './catalogue';
export * from './platforms';
export * from './occasions';
export * from './platform-count';
export * from './contract/limits';
export * from './contract/brand-rules';
export * from './contract/photo-limits';
export * from './web/theme-init';
export * from './i18n/languages';
export * from './i18n/time';
export type * from './contract/time-zone';
export type * from './contract/language';
export type * from './contract/common';
export type * from './contract/auth';
export type * from './contract/lines';
export type * from './contract/account';
export type * from './contract/billing';
export type * from './contract/v1';
export type * from './contract/socket-events';
export type * from './contract/brands';
export type * from './contract/billing-lifecycle';
export type * from './contract/teams';
export type * from './contract/campaigns';
export type * from './contract/webhooks';
export type * from './contract/mcp';
export type * from './contract/health';
export type * from './contract/api-responses';
