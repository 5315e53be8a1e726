import { describe, expect, it } from 'vitest';
import { composeApprovalSummary, type ApprovalSummaryInput } from './approval-summary-mail';

const input = (language: 'en' | 'sw'): ApprovalSummaryInput => ({
  name: 'Amani',
  title: 'Soko <Jumamosi>',
  lines: [
    { text: 'Fresh & warm', platform: 'x_post', state: 'approved', version: 1, decidedBy: 'Zawadi' },
    { text: 'Second idea', platform: null, state: 'changes_requested', version: 2, decidedBy: 'Baraka' },
    { text: 'Third idea', platform: null, state: 'pending', version: 1, decidedBy: null },
  ],
  comments: [
    {
      reviewerName: 'Baraka',
      comment: '<script>alert(1)</script> https://x.example',
      decision: 'request_changes',
      createdAt: new Date('2026-11-28T10:05:00Z'),
      lineText: 'Second idea',
    },
  ],
  appUrl: 'https://genius.example/approvals',
  reader: { language, timeZone: 'Africa/Nairobi' },
});

describe('the approval summary e-mail', () => {
  it('lists each line with its state and who set it, and the comments, in English', () => {
    const mail = composeApprovalSummary(input('en'));
    expect(mail.subject).toBe(`Your client's decisions on "Soko <Jumamosi>"`);
    expect(mail.text).toContain('Approved by Zawadi: X post: Fresh & warm');
    expect(mail.text).toContain('Changes requested by Baraka (version 2): Second idea');
    expect(mail.text).toContain('Waiting: Third idea');
    expect(mail.text).toContain('Approved: 1 · Changes requested: 1 · Waiting: 1');
    // The comment's time in the creator's zone (10:05 UTC is 13:05 in Nairobi).
    expect(mail.text).toMatch(/Baraka, [^(]*1:05[^(]*EAT/);
  });

  it('escapes what the client wrote and never makes a link of it', () => {
    const { html } = composeApprovalSummary(input('en'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Soko &lt;Jumamosi&gt;');
    expect(html).not.toContain('href="https://x.example"');
  });

  it('is in Kiswahili for a Kiswahili account', () => {
    const mail = composeApprovalSummary(input('sw'));
    expect(mail.subject).toBe('Maamuzi ya mteja wako kuhusu "Soko <Jumamosi>"');
    expect(mail.text).toContain('Habari Amani,');
    expect(mail.text).toContain('Mabadiliko yameombwa na Baraka (toleo la 2): Second idea');
    expect(mail.text).toContain('Inasubiri: Third idea');
    expect(mail.text).toContain('Tazama kiungo na maamuzi yake: https://genius.example/approvals');
  });
});
