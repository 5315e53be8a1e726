/** Lines' server parts: generations and usage (repositories), the generation job. */
export * from './generations.repository';
export * from './usage.repository';
export * from './generation.job';
