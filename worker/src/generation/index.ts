export * from './failed-text';
export * from './offline/offline-generator';
export * from './prompt';
export * from './provider-chain';
export * from './providers/provider';
