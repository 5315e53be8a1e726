/** Webhooks' browser-safe entry: endpoints, deliveries and attempts (contract and types). */
export * from './webhooks.contract';
