export * from './team-policy';
