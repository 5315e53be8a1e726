/** Library's server parts: saved lines and the usage analytics read from them (repositories). */
export * from './saved-lines.repository';
export * from './analytics.repository';
