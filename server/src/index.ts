import type { Config } from '@gl/core/server';
import { roles } from './roles';
import { startRoles, type RunningServices, type StartOptions } from './start';

/** The composition of the roles, for the tests and the benches. */
export type { RunningServices, StartOptions } from './start';
export { freePort } from './redis-resolve';
export { sandboxWanted, startPaymentSandbox, syncSandboxPaypal, SANDBOX_MPESA_CONFIRM_MS, type PaymentSandbox } from './sandbox';

/** Starts the roles named in config.ROLES (api and/or worker) in this process. */
export const startGeniusLines = (config: Config, opts: StartOptions = {}): Promise<RunningServices> => startRoles(config, roles, opts);
