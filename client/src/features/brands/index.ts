export * from './brands';
