/** Approval links' server parts: the repository, the summary job, token and PIN hashing. */
export * from './approvals.repository';
export * from './approval-summary.job';
export * from './approval-secrets';
