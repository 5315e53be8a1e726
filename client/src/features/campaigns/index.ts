/** The campaigns feature's entry in client: what other parts of client use (see "A feature's entries" in CONTRIBUTING). */
export * from './campaigns';
