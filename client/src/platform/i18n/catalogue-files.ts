import type { PartialCatalogue } from './catalogue-types';

/** A part's namespaces from its `import.meta.glob` of locale files (`../locales/<lang>/<namespace>.json`). */
export function catalogueOfFiles(files: Record<string, Record<string, unknown>>): PartialCatalogue {
  return Object.fromEntries(Object.entries(files).map(([file, resources]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), resources]));
}
