export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Header-safe single line: no CR/LF can reach a header. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();
