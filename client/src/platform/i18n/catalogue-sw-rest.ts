/**
 * The Kiswahili catalogue but its core (resources.ts): every area's namespace, one chunk, fetched
 * beside the first page that is not the home page.
 */
import { catalogueOfFiles } from './catalogue-files';

const files = import.meta.glob<Record<string, unknown>>(
  [
    '../../locales/sw/*.json',
    '!../../locales/sw/common.json',
    '!../../locales/sw/home.json',
    '!../../locales/sw/newsletter.json',
    '!../../locales/sw/errors.json',
  ],
  { eager: true, import: 'default' },
);

export default catalogueOfFiles(files);
