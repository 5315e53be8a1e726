import { describe, expect, it } from 'vitest';
import { approvalShell } from './approve-document';

const SHELL = `<!doctype html><html lang="sw"><head><title>Genius Lines</title></head><body><div id="root"><!--app-shell-->
<header class="shell-header"><div class="shell-bar">Genius Lines</div></header>
<main class="shell-main" role="status"><span class="shell-spin" aria-hidden="true"></span>Inapakia...</main>
<!--/app-shell--></div></body></html>`;

describe('approvalShell', () => {
  it("writes the link's title as the document's title and the page's heading, above the shell's loading line", () => {
    const html = approvalShell(SHELL, 'Mama Mboga launch week')!;
    expect(html).toContain('<title>Mama Mboga launch week · Genius Lines</title>');
    expect(html).toMatch(/<h1 id="approval-title"[^>]*>Mama Mboga launch week<\/h1>/);
    expect(html).toContain('<span class="shell-spin" aria-hidden="true"></span>Inapakia...</p></main>');
    expect(html).toContain('<html lang="sw">');
  });

  it('escapes the title: what the creator typed is text, never markup', () => {
    const html = approvalShell(SHELL, `<script>alert("x")</script> & 'co'`)!;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</h1>');
  });

  it('leaves a shell without the parts it replaces to be sent as it is', () => {
    expect(approvalShell('<html><body><div id="root"></div></body></html>', 'T')).toBeUndefined();
  });
});
