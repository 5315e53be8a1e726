/** The approvals feature's entry in api: what other parts of api use (see "A feature's entries" in CONTRIBUTING). */
export * from './approvals.service';
export * from './public-approvals.service';
export * from './approve-document';
