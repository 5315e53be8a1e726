/** Lines' browser-safe entry: generation, platforms and their counting, occasions (contract, rules, types). */
export * from './platforms';
export * from './occasions';
export * from './lines.contract';
export * from './platform-count';
