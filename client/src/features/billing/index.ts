export * from './money';
export * from './plan';
