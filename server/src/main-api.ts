/** The api role alone: HTTP + Socket.IO. Scale out by running several. */
import { runProcess } from './process-main';

await runProcess({ api: () => import('@gl/api/role') }, ['api']);
