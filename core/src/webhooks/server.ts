/** Webhooks' server parts: the repository, the delivery job, events, the URL policy. */
export * from './webhooks.repository';
export * from './webhook-delivery.job';
export * from './webhook-events';
export * from './url-policy';
export * from './delivery-slots';
