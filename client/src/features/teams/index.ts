/** The teams feature's entry in client: what other parts of client use (see "A feature's entries" in CONTRIBUTING). */
export { default as SaveToTeamButton } from './SaveToTeamButton';
export * from './team';
