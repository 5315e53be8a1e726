/** The approvals feature's entry in client: what other parts of client use (see "A feature's entries" in CONTRIBUTING). */
export * from './SelectionBar';
export { default as SelectionBar } from './SelectionBar';
export { default as ShareForApproval } from './ShareForApproval';
