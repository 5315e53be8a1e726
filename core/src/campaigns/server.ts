/** Campaigns' server parts: the campaigns repository, a campaign day's brief, line length. */
export * from './campaigns.repository';
export * from './campaign-day';
export * from './line-length';
