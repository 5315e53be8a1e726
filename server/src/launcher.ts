/** Runs the roles named by ROLES (default: api and worker in one process). */
import { runProcess } from './process-main';
import { roles } from './roles';

await runProcess(roles);
