/**
 * The whole Kiswahili catalogue in one chunk (every `locales/sw/<namespace>.json`), fetched once by
 * a page shown in Kiswahili: one request instead of one per namespace, which on a phone with 400 ms
 * latency is what delays the first visit (bench:mobile), and loaded before the page hydrates.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/sw/*.json', { eager: true, import: 'default' });

const catalogue: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([file, resources]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), resources]),
);

export default catalogue;
