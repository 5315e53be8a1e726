export * from './WebhooksPanel';
