/** Every table, for drizzle (the database handle and drizzle-kit's migrations): each feature's `*.schema.ts`. */
export * from './accounts/users.schema';
export * from './server/db/schema/lines';
export * from './server/db/schema/billing';
export * from './server/db/schema/messages';
export * from './server/db/schema/teams';
export * from './server/db/schema/brands';
export * from './server/db/schema/billing-lifecycle';
export * from './server/db/schema/campaigns';
export * from './server/db/schema/webhooks';
