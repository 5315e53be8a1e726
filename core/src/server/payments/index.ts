export * from './mpesa.protocol';
export * from './mpesa.client';
export * from './mpesa.outcomes';
export * from './billing-dto';
export * from './payment-state';
export * from './paypal.client';
export * from './paypal-subscriptions.client';
export * from './payment-refund';
