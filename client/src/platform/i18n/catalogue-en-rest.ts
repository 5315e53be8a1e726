/**
 * The English catalogue but its core (resources.ts): every area's namespace, one chunk, fetched
 * beside the first page that is not the home page.
 */
import { catalogueOfFiles } from './catalogue-files';

const files = import.meta.glob<Record<string, unknown>>(
  [
    '../../locales/en/*.json',
    '!../../locales/en/common.json',
    '!../../locales/en/home.json',
    '!../../locales/en/newsletter.json',
    '!../../locales/en/errors.json',
  ],
  { eager: true, import: 'default' },
);

export default catalogueOfFiles(files);
