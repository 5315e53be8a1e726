/** The photo feature's entry in api: what other parts of api use (see "A feature's entries" in CONTRIBUTING). */
export * from './photo-upload';
export * from './photo.service';
