/** Every table, for drizzle (the database handle and drizzle-kit's migrations): each feature's `*.schema.ts`. */
export * from './accounts/users.schema';
export * from './lines/lines.schema';
export * from './billing/billing.schema';
export * from './site/messages.schema';
export * from './teams/teams.schema';
export * from './brands/brands.schema';
export * from './billing/billing-lifecycle.schema';
export * from './campaigns/campaigns.schema';
export * from './webhooks/webhooks.schema';
export * from './approvals/approvals.schema';
