export * from './define-job';
export * from './generation.job';
export * from './payment-status.job';
export * from './email.job';
export * from './billing-sweep.job';
export * from './webhook-delivery.job';
