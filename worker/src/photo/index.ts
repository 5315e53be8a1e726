/** The photo feature's entry in worker: what other parts of worker use (see "A feature's entries" in CONTRIBUTING). */
export * from './photo-job';
