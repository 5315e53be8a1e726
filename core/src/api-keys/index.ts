/** API keys' browser-safe entry: keys and the public v1 API they open (contract and types). */
export * from './v1.contract';
