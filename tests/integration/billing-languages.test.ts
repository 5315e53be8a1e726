import { describe, expect, it } from 'vitest';
import { payWithMpesa, useBillingHarness } from '../helpers/billing';
import { registerUser } from '../helpers/users';

/** DESIGN.md §14: KES beside USD from the M-Pesa conversion; receipts and billing e-mails in the account's language. */
const b = useBillingHarness();

describe('KES beside USD', () => {
  it('the plans answer the shillings the M-Pesa push then charges, monthly and yearly', async () => {
    const res = await b.h.server.api('/plans');
    expect(res.status).toBe(200);
    const { plans, kesPerUsd, currency } = res.body.data;
    expect(currency).toBe('USD');
    expect(kesPerUsd).toBe(129);
    const free = plans.find((p: any) => p.id === 'free');
    expect(free).toMatchObject({ priceCents: 0, priceKes: 0, yearlyPriceKes: 0 });

    const user = await registerUser(b.h.server);
    for (const [planId, interval, key] of [
      ['pro', 'month', 'priceKes'],
      ['pro', 'year', 'yearlyPriceKes'],
      ['business', 'month', 'priceKes'],
    ] as const) {
      const plan = plans.find((p: any) => p.id === planId);
      expect(plan[key], `${planId} ${interval}`).toBeGreaterThan(0);
      const push = await b.h.server.api('/payments/mpesa/stk-push', {
        token: user.token,
        body: { planId, interval, phoneNumber: '0712345678' },
      });
      expect(push.status, `${planId} ${interval}`).toBe(200);
      expect(push.body.data.currency).toBe('KES');
      expect(push.body.data.amount, `${planId} ${interval}`).toBe(plan[key]);
      const sent = b.h.daraja.pushes.find((p) => p.checkoutRequestID === push.body.data.checkoutRequestID)!;
      expect(sent.body.Amount).toBe(plan[key]);
    }
  });
});

describe('receipts and billing e-mails in the account language', () => {
  it('a Kiswahili account gets its receipt e-mail and receipt page in Kiswahili, shillings written KSh 1,289 and dates through Intl (sw-KE)', async () => {
    const user = await registerUser(b.h.server, { name: 'Otieno' });
    const switched = await b.h.server.api('/account/language', { method: 'PATCH', token: user.token, body: { language: 'sw' } });
    expect(switched.status).toBe(200);
    const plans = (await b.h.server.api('/plans')).body.data.plans;
    const priceKes = plans.find((p: any) => p.id === 'pro').priceKes as number;
    const { paymentId, payment } = await payWithMpesa(b.h, user, 'pro');
    expect(payment.amount_minor).toBe(priceKes);
    // One way to write shillings in both languages (DESIGN.md §20).
    const shillings = `KSh ${priceKes.toLocaleString('en-US')}`;
    expect(shillings).toBe('KSh 1,289');

    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject.includes(payment.receipt_number));
    expect(mail.subject).toBe(`Risiti yako ya Genius Lines ${payment.receipt_number}`);
    expect(mail.text).toContain('Habari Otieno,');
    expect(mail.text).toContain(`Mpango wa Pro, unaotozwa kwa mwezi: ${shillings}`);
    expect(mail.text).toMatch(/Umelipa kwa M-Pesa tarehe \d{1,2} [A-Z][a-z]+ \d{4}/);

    const html = await fetch(`${b.h.server.url}/api/payments/${paymentId}/receipt?format=html`, {
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en' },
    });
    const page = await html.text();
    expect(page).toContain('<html lang="sw">');
    expect(page).toContain('Kiasi kilicholipwa');
    expect(page).toContain(shillings);
    expect(page).not.toContain('Amount paid');

    // The billing history of an M-Pesa payment is in shillings.
    const history = await b.h.server.api('/payments/history', { token: user.token });
    expect(history.status).toBe(200);
    expect(history.body.data.payments[0]).toMatchObject({ provider: 'mpesa', amountMinor: priceKes, currency: 'KES' });
  });

  it('an English account keeps the English receipt', async () => {
    const user = await registerUser(b.h.server);
    const { payment } = await payWithMpesa(b.h, user, 'pro');
    const mail = await b.smtp.waitFor((m) => m.envelope.to.includes(user.email) && m.subject.includes(payment.receipt_number));
    expect(mail.subject).toBe(`Your Genius Lines receipt ${payment.receipt_number}`);
    expect(mail.text).toContain(`KSh ${payment.amount_minor.toLocaleString('en-US')}`);
    expect(mail.text).toContain(`M-Pesa confirmation code: ${payment.mpesa_receipt}`);
    expect(mail.text).toContain(`Account number: ${payment.account_number}`);
  });
});
