import { z } from 'zod';
import type { JobQueue } from '../platform/queues/job-queue';
import { defineJob } from '../platform/queues/define-job';

/** The billing sweep: reminders before a period ends, and expiry to free at its end. Run by a job scheduler. */
export const billingSweepJob = defineJob({
  queue: 'billing',
  name: 'sweep',
  schema: z.object({}),
  jobId: () => 'billing-sweep',
  options: { attempts: 1 },
});

export const BILLING_SWEEP_SCHEDULER_ID = 'billing-sweep';

/**
 * Creates (or updates) the scheduler that runs the sweep now and then every `everyMs`. Every worker
 * calls this at start; the scheduler id is one, so there is one schedule however many workers run.
 */
export async function scheduleBillingSweep(jobs: JobQueue, everyMs: number): Promise<void> {
  await jobs.queues[billingSweepJob.queue].upsertJobScheduler(
    BILLING_SWEEP_SCHEDULER_ID,
    { every: everyMs },
    { name: billingSweepJob.name, data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
  );
}
