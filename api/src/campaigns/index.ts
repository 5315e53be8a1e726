/** The campaigns feature's entry in api: what other parts of api use (see "A feature's entries" in CONTRIBUTING). */
export * from './campaign-export';
export * from './campaigns.routes';
