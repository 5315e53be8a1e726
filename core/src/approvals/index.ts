/** Client approval links' browser-safe entry: limits, contract and types. */
export * from './approval-limits';
export * from './approvals.contract';
