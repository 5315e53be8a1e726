/** The worker role alone: BullMQ processors. Needs DATABASE_URL (PostgreSQL). */
import { runProcess } from '../../api/src/process-main';

await runProcess(['worker']);
