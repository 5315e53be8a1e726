import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './core/src/schema.ts',
  out: './core/src/platform/db/migrations',
});
