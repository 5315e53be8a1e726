/** Browser-safe entry: the catalogue and the HTTP + socket contract. */
export * from './platform/catalogue';
export * from './platform/contract/common';
export * from './platform/i18n/languages';
export * from './platform/web/theme-init';
export * from './lines';
export * from './accounts';
export * from './billing';
export * from './api-keys';
export * from './photo';
export * from './contract/socket-events';
export * from './teams';
export * from './brands';
export * from './campaigns';
export * from './webhooks';
export * from './mcp';
export * from './site';
export * from './contract/api-responses';
