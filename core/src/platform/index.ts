/** The shared machinery's browser-safe part: the product catalogue, the envelope and limits, languages, the theme script. */
export * from './catalogue';
export * from './contract/common';
export * from './contract/limits';
export * from './i18n/languages';
export * from './web/theme-init';
