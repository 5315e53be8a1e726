/** The generation feature's entry in worker: what other parts of worker use (see "A feature's entries" in CONTRIBUTING). */
export * from './failed-text';
export * from './offline/offline-generator';
export * from './prompt';
export * from './provider-chain';
export * from './providers/provider';
export * from './warm-up';
