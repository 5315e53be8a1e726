import { describe, expect, it } from 'vitest';
import type { BillingNoticeRow, PaymentRow } from '@gl/core/server';
import { billingMailBodies } from '../billing';
import { composeMail } from './templates';

describe('Kiswahili e-mails', () => {
  it('an account e-mail in the account language keeps its link, button and layout', () => {
    const mail = composeMail(
      {
        kind: 'account',
        template: 'password-reset',
        to: 'a@example.com',
        name: 'Akinyi',
        link: 'https://lines.example.com/reset-password?token=abc',
        validFor: 'dakika 30',
        appUrl: 'https://lines.example.com',
        language: 'sw',
      },
      { contactInbox: 'x@example.com' },
    );
    expect(mail.subject).toBe('Badilisha nenosiri lako la Genius Lines');
    expect(mail.text.split('\n\n')).toEqual([
      'Habari Akinyi,',
      expect.stringContaining('Fungua kiungo hiki uchague nenosiri jipya:'),
      'https://lines.example.com/reset-password?token=abc',
      expect.stringContaining('kwa muda wa dakika 30.'),
    ]);
    expect(mail.html).toContain('>Chagua nenosiri jipya</a>');
  });

  it("a team invitation in the inviter's language: the role, and the expiry through Intl (sw-KE)", () => {
    const mail = composeMail(
      {
        kind: 'team-invitation',
        to: 'b@example.com',
        teamName: 'Duka <Letu>',
        inviterName: 'Wanjiku',
        role: 'admin',
        link: 'https://lines.example.com/join?token=t',
        expiresAt: new Date('2026-12-03T09:00:00Z'),
        language: 'sw',
      },
      { contactInbox: 'x@example.com' },
    );
    expect(mail.subject).toBe('Jiunge na Duka <Letu> kwenye Genius Lines');
    expect(mail.text).toContain('Wanjiku amekualika ujiunge na timu "Duka <Letu>" kwenye Genius Lines kama msimamizi.');
    expect(mail.text).toContain('hadi 3 Desemba 2026');
    expect(mail.html).toContain('Duka &lt;Letu&gt;');
  });

  it('times are written in the recipient zone on the 24-hour clock with the zone named, never "saa" before a figure', () => {
    const invitation = (language: 'sw' | 'en', timeZone: string) =>
      composeMail(
        {
          kind: 'team-invitation',
          to: 'b@example.com',
          teamName: 'Duka',
          inviterName: 'Wanjiku',
          role: 'member',
          link: 'https://lines.example.com/join?token=t',
          expiresAt: new Date('2026-12-03T10:05:00Z'),
          language,
          timeZone,
        },
        { contactInbox: 'x@example.com' },
      );
    const sw = invitation('sw', 'Africa/Nairobi');
    expect(sw.text).toContain('hadi 3 Desemba 2026, 13:05 EAT.');
    expect(sw.text).not.toMatch(/saa \d|UTC/);
    expect(invitation('en', 'Pacific/Honolulu').text).toContain('until December 3, 2026, 12:05 AM HST.');
    const reset = composeMail(
      {
        kind: 'account',
        template: 'password-reset',
        to: 'a@example.com',
        link: 'https://lines.example.com/reset-password?token=abc',
        validFor: 'dakika 30',
        validUntil: '26 Novemba 2026, 13:35 EAT',
        appUrl: 'https://lines.example.com',
        language: 'sw',
      },
      { contactInbox: 'x@example.com' },
    );
    expect(reset.text).toContain('kwa muda wa dakika 30 (hadi 26 Novemba 2026, 13:35 EAT).');
  });

  it("billing days are the recipient's own days", () => {
    // 00:00 UTC on 3 December is still 2 December in Honolulu.
    const notice = { kind: 'reminder-7', periodEnd: new Date('2026-12-03T00:00:00Z') } as BillingNoticeRow;
    const sw = billingMailBodies({ notice, name: 'Otieno', email: 'o@example.com', language: 'sw', timeZone: 'Pacific/Honolulu' });
    expect(sw.text).toContain('Mpango wako unaisha tarehe 2 Desemba 2026 (baada ya siku 7) na hauhuishwi kiotomatiki.');
    const en = billingMailBodies({ notice, name: 'Otieno', email: 'o@example.com', timeZone: 'Pacific/Honolulu' });
    expect(en.text).toContain('Your plan ends on 2026-12-02 (in 7 days)');
  });

  it('the newsletter welcome keeps its one-click unsubscribe headers', () => {
    const mail = composeMail(
      {
        kind: 'newsletter-welcome',
        to: 'c@example.com',
        subscribedAt: new Date(),
        unsubscribe: {
          oneClickUrl: 'https://l.example/api/newsletter/unsubscribe?token=u',
          pageUrl: 'https://l.example/unsubscribe?token=u',
        },
        language: 'sw',
      },
      { contactInbox: 'x@example.com' },
    );
    expect(mail.subject).toBe('Karibu Genius Lines');
    expect(mail.text).toContain('Jiondoe: https://l.example/unsubscribe?token=u');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://l.example/api/newsletter/unsubscribe?token=u>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('a reminder in Kiswahili names the day through Intl; English stays as it was', () => {
    const notice = { kind: 'reminder-7', periodEnd: new Date('2026-12-03T00:00:00Z') } as BillingNoticeRow;
    const sw = billingMailBodies({ notice, name: 'Otieno', email: 'o@example.com', language: 'sw' });
    expect(sw.subject).toBe('Mpango wako wa Genius Lines unaisha baada ya siku 7');
    expect(sw.text).toContain('Mpango wako unaisha tarehe 3 Desemba 2026 (baada ya siku 7)');
    const en = billingMailBodies({ notice, name: 'Otieno', email: 'o@example.com' });
    expect(en.subject).toBe('Your Genius Lines plan ends in 7 days');
    expect(en.text).toContain('Your plan ends on 2026-12-03 (in 7 days)');
  });

  it('a Kiswahili receipt writes shillings with Intl', () => {
    const payment = {
      receiptNumber: 'GL-2026-000001',
      planId: 'business',
      interval: 'year',
      amountMinor: 37140,
      creditMinor: 0,
      currency: 'KES',
      provider: 'mpesa',
      completedAt: new Date('2026-11-26T10:00:00Z'),
      periodStart: new Date('2026-11-26T10:00:00Z'),
      periodEnd: new Date('2027-11-26T10:00:00Z'),
      providerPayload: null,
    } as unknown as PaymentRow;
    const { text } = billingMailBodies({
      notice: { kind: 'receipt' } as BillingNoticeRow,
      name: 'Otieno',
      email: 'o@example.com',
      payment,
      language: 'sw',
    });
    expect(text).toMatch(/Mpango wa Biashara, unaotozwa kwa mwaka: KSh 37,140/);
    expect(text).toContain('Umelipa kwa M-Pesa tarehe 26 Novemba 2026, kwa kipindi cha 26 Novemba 2026 hadi 26 Novemba 2027.');
  });
});
