/** API keys' server parts: the api-keys repository. */
export * from './api-keys.repository';
