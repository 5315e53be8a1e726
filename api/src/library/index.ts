export * from './save-line';
