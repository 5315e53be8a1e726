export * from './line-measure';
export * from './usage';
