export * from './generation.job';
export * from './webhook-delivery.job';
