/** Campaigns' browser-safe entry: campaigns and their lines (contract and types). */
export * from './campaigns.contract';
