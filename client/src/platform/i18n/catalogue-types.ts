/** The catalogues' shapes (types only): resources.ts and the catalogue chunks share them without importing each other. */

/** The English catalogue's shape (types only: nothing here is bundled), for typed keys. */
export interface EnCatalogue {
  common: typeof import('../../locales/en/common.json');
  home: typeof import('../../locales/en/home.json');
  about: typeof import('../../locales/en/about.json');
  legal: typeof import('../../locales/en/legal.json');
  pricing: typeof import('../../locales/en/pricing.json');
  catalog: typeof import('../../locales/en/catalog.json');
  generate: typeof import('../../locales/en/generate.json');
  saved: typeof import('../../locales/en/saved.json');
  photo: typeof import('../../locales/en/photo.json');
  campaigns: typeof import('../../locales/en/campaigns.json');
  brands: typeof import('../../locales/en/brands.json');
  auth: typeof import('../../locales/en/auth.json');
  account: typeof import('../../locales/en/account.json');
  contact: typeof import('../../locales/en/contact.json');
  newsletter: typeof import('../../locales/en/newsletter.json');
  apiKeys: typeof import('../../locales/en/apiKeys.json');
  webhooks: typeof import('../../locales/en/webhooks.json');
  billing: typeof import('../../locales/en/billing.json');
  team: typeof import('../../locales/en/team.json');
  courses: typeof import('../../locales/en/courses.json');
  community: typeof import('../../locales/en/community.json');
  apiDocs: typeof import('../../locales/en/apiDocs.json');
  integrations: typeof import('../../locales/en/integrations.json');
  approvals: typeof import('../../locales/en/approvals.json');
  errors: typeof import('../../locales/en/errors.json');
}

export type Namespace = keyof EnCatalogue;

/** Some namespaces of one language. */
export type PartialCatalogue = Partial<Record<Namespace, Record<string, unknown>>>;
