import { describe, expect, it } from 'vitest';
import type { ReceiptDto } from '@gl/core';
import { receiptPage } from './receipt-page';

// Paid at 22:30 UTC on 26 November: already the 27th in Nairobi, still the 26th in UTC.
const receipt: ReceiptDto = {
  number: 'GL-2026-000042',
  issuedAt: '2026-11-26T22:30:00.000Z',
  amount: 1289,
  currency: 'KES',
  credit: 0,
  method: 'mpesa',
  planId: 'pro',
  interval: 'month',
  periodStart: '2026-11-26T22:30:00.000Z',
  periodEnd: '2026-12-26T22:30:00.000Z',
  customerName: 'Akinyi',
  customerEmail: 'akinyi@example.com',
  accountNumber: 'GL7K2Q',
  mpesaReceipt: 'QK7AB12CD3',
};

describe('the printable receipt', () => {
  it("shows the M-Pesa confirmation code, the amount in KSh and the customer's own days", () => {
    const en = receiptPage(receipt, 'en', 'Africa/Nairobi');
    expect(en).toContain('<th scope="row">M-Pesa confirmation code</th><td>QK7AB12CD3</td>');
    expect(en).toContain('<th scope="row">Account number</th><td>GL7K2Q</td>');
    expect(en).toContain('KSh 1,289');
    expect(en).toContain('2026-11-27 to 2026-12-27');
    expect(receiptPage(receipt, 'en', 'UTC')).toContain('2026-11-26 to 2026-12-26');

    const sw = receiptPage(receipt, 'sw', 'Africa/Nairobi');
    expect(sw).toContain('<th scope="row">Msimbo wa uthibitisho wa M-Pesa</th><td>QK7AB12CD3</td>');
    expect(sw).toContain('KSh 1,289');
    expect(sw).toMatch(/27 Novemba 2026 hadi 27 Desemba 2026/);
  });
});
