export * from './credit';
export * from './plan-change';
export * from './billing-email';
export * from './quote';
export * from './billing-sweep';
export * from './paypal-sync';
export * from './payment-order';
export * from './paypal-cancellation';
