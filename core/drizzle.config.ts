import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './core/src/server/db/schema/index.ts',
  out: './core/src/server/db/migrations',
});
