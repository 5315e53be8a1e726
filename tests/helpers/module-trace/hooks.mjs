// Module resolution hook (runs off the main thread): appends every resolved module URL to a file.
import { appendFileSync } from 'node:fs';

let file;
export async function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
