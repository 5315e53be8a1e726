export { startWorkerRole, type WorkerRole } from './worker';
export type { WorkerContext, ProcessorRegistration } from './processor';
export { registerProcessor } from './processor';
