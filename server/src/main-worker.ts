/** The worker role alone: BullMQ processors. Needs DATABASE_URL (PostgreSQL). */
import { runProcess } from './process-main';

await runProcess({ worker: () => import('@gl/worker') }, ['worker']);
