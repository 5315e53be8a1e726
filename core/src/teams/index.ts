/** Teams' browser-safe entry: teams, members, invitations, shared lines (contract and types). */
export * from './teams.contract';
