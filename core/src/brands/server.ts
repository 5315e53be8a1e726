/** Brands' server parts: the brands repository. */
export * from './brands.repository';
