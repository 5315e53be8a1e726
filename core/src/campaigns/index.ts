/** Campaigns' browser-safe entry: campaigns and their lines (contract and types). */
export * from './campaigns.contract';
/** What a campaign line's generation is told about its day (the type of `generations.campaign`). */
export type { CampaignDayBrief } from './campaign-day';
