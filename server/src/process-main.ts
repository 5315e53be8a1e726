import { ConfigError, loadConfig, type Role } from '@gl/core/server';
import { DatabaseConnectError } from '@gl/core/server';
import { startPaymentSandbox, syncSandboxPaypal } from './sandbox';
import type { RoleLoaders } from './roles';
import { keepServingOnUnhandledRejection } from './safety-net';
import { RedisSetupError } from './redis-resolve';
import { startRoles } from './start';

/**
 * Process entry shared by the launcher and the single-role entry points: validates config once
 * (every bad variable listed, then exit), starts the roles, and shuts down gracefully.
 */
export async function runProcess(roles: RoleLoaders, forcedRoles?: Role[]): Promise<void> {
  let config;
  let sandbox;
  let services: Awaited<ReturnType<typeof startRoles>> | undefined;
  let starting = true;
  keepServingOnUnhandledRejection(
    () => services?.ctx.logger,
    () => starting,
  );
  try {
    const env = forcedRoles ? { ...process.env, ROLES: forcedRoles.join(',') } : process.env;
    // Development without payment credentials: local PayPal/Daraja simulators (never in production).
    sandbox = await startPaymentSandbox(env);
    config = loadConfig(sandbox?.env ?? env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  // Signals are handled from here on: one that comes while the roles start (an api already listening,
  // a worker still warming up) is kept and acted on once they are up, so the process still drains
  // and exits 0 instead of being killed half-started.
  let stopping = false;
  let requested: string | null = null;
  const stop = async (signal: string) => {
    if (!services) {
      requested ??= signal;
      return;
    }
    if (stopping) return;
    stopping = true;
    services.ctx.logger.info({ signal }, 'shutting down');
    // The roles drain within SHUTDOWN_GRACE_MS; this is the backstop (keep both below the orchestrator's kill).
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_GRACE_MS + 3000);
    force.unref();
    await services.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  try {
    services = await startRoles(config, roles);
  } catch (err) {
    if (err instanceof RedisSetupError) {
      // A bad REDIS_* variable: said like every other bad variable.
      console.error(`Invalid configuration:\n  - ${err.message}`);
      process.exit(78);
    }
    const known = err instanceof DatabaseConnectError || /Redis/.test((err as Error).message);
    console.error(known ? `Genius Lines could not start: ${(err as Error).message}` : err);
    process.exit(1);
  }
  starting = false;
  if (requested) return stop(requested);
  if (sandbox && services.url) await syncSandboxPaypal(config, services.ctx.db);
  if (services.url) {
    console.log(`\n  Genius Lines is running: ${services.url}\n  Database: ${services.ctx.database.location}\n`);
    if (config.PAYMENTS_SIMULATED) console.log('  Payments: SANDBOX (simulated PayPal and M-Pesa; no real money moves)\n');
  } else {
    console.log(`Genius Lines worker running (database: ${services.ctx.database.location})`);
  }
}
