/** Browser-safe entry: the catalogue and the HTTP + socket contract. */
export * from './catalogue';
export * from './platforms';
export * from './web/theme-init';
export * from './contract/common';
export * from './contract/auth';
export * from './contract/lines';
export * from './contract/account';
export * from './contract/billing';
export * from './contract/v1';
export * from './contract/photo';
export * from './contract/socket-events';
export * from './contract/teams';
export * from './contract/brands';
export * from './contract/billing-lifecycle';
export * from './platform-count';
