/** Photo's browser-safe entry: lines from a photo (contract, limits, types). */
export * from './photo.contract';
export * from './photo-limits';
