export * from './campaign-progress';
