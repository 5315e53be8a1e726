/** Brands' browser-safe entry: brand profiles and their rules (contract, limits, types). */
export * from './brands.contract';
export * from './brand-rules';
