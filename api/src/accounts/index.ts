/** The accounts feature's entry in api: what other parts of api use (see "A feature's entries" in CONTRIBUTING). */
export * from './session-revocations';
export * from './token.service';
export * from './pending-session-check';
export * from './public-user';
