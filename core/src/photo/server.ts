/** Photo's server parts: vision setup and the photo store. */
export * from './photos';
