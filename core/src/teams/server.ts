/** Teams' server parts: teams, invitations and team lines (repositories). */
export * from './teams.repository';
export * from './team-invitations.repository';
export * from './team-lines.repository';
