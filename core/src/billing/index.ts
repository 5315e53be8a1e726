/** Billing's browser-safe entry: plans, payments (M-Pesa, PayPal), subscriptions and their lifecycle (contract and types). */
export * from './billing.contract';
export * from './billing-lifecycle.contract';
export * from './money';
