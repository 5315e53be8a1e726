/** The lines feature's entry in client: what other parts of client use (see "A feature's entries" in CONTRIBUTING). */
export * from './line-measure';
export * from './usage';
export * from './UpgradeHint';
export { default as UpgradeHint } from './UpgradeHint';
export { offeredActions } from './RefineMenu';
export { default as RefineMenu } from './RefineMenu';
