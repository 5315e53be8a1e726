/**
 * npm run db:migrate (node server/dist/migrate.js in the image): applies the migrations and exits.
 * The Kubernetes migration Job runs it before a rollout; it uses DATABASE_MIGRATION_URL when set
 * (a direct connection when DATABASE_URL points at PgBouncer). Exits non-zero, saying why, on failure.
 */
import { ConfigError, databaseOptions, DatabaseConnectError, loadConfig, openDatabase } from '@gl/core/server';

try {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({ ...databaseOptions(config), migrate: true });
  await database.close();
  const direct = config.DATABASE_MIGRATION_URL ? new URL(config.DATABASE_MIGRATION_URL) : undefined;
  const where = direct ? `${direct.hostname}:${direct.port || 5432}${direct.pathname} (DATABASE_MIGRATION_URL)` : database.location;
  console.log(`Migrations applied to ${where} in ${Date.now() - started} ms.`);
} catch (err) {
  if (err instanceof ConfigError || err instanceof DatabaseConnectError) console.error(err.message);
  else console.error('Migrations failed:', err);
  process.exitCode = 1;
}
