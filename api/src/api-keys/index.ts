/** The api-keys feature's entry in api: what other parts of api use (see "A feature's entries" in CONTRIBUTING). */
export * from './public-api.service';
export * from './v1.routes';
