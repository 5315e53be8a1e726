export { default as SaveToTeamButton } from './SaveToTeamButton';
export * from './team';
