export * from './generation.job';
export * from './payment-status.job';
export * from './billing-sweep.job';
export * from './paypal-cancel.job';
export * from './webhook-delivery.job';
