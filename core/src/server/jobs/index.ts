export * from './webhook-delivery.job';
