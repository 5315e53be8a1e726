/** Site's browser-safe entry: health (contract and types). */
export * from './health.contract';
