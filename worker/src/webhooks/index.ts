export * from './generation-completed.event';
