/** Accounts' server parts: users, sessions, refresh and e-mail tokens, account e-mails and data (repositories). */
export * from './users.repository';
export * from './refresh-tokens.repository';
export * from './sessions.repository';
export * from './account-tokens.repository';
export * from './outbound-emails.repository';
export * from './account-data.repository';
