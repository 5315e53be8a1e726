/** Accounts' browser-safe entry: sign-up, sign-in, sessions, the account and its language (contract and types). */
export * from './auth.contract';
export * from './account.contract';
export * from './language.contract';
export * from './time-zone.contract';
