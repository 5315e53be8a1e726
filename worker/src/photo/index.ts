export * from './photo-job';
