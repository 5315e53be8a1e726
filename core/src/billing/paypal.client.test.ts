import { describe, expect, it } from 'vitest';
import { centsToPaypalValue, checkCapturedOrder, paypalValueToCents, type PaypalOrder } from './paypal.client';

const order = (status: PaypalOrder['status'], capture?: { status: string; value?: string; currency?: string }): PaypalOrder => ({
  id: 'ORDER1',
  status,
  purchase_units: [
    {
      payments: capture
        ? {
            captures: [
              {
                id: 'CAP1',
                status: capture.status as never,
                amount: { currency_code: capture.currency ?? 'USD', value: capture.value ?? '9.99' },
              },
            ],
          }
        : undefined,
    },
  ],
});
const expected = { amountCents: 999, currency: 'USD' };

describe('PayPal money', () => {
  it('formats and parses decimal strings without floats', () => {
    expect(centsToPaypalValue(999)).toBe('9.99');
    expect(centsToPaypalValue(9590)).toBe('95.90');
    expect(paypalValueToCents('9.99')).toBe(999);
    expect(paypalValueToCents('95.9')).toBe(9590);
    expect(paypalValueToCents('10')).toBe(1000);
    expect(paypalValueToCents('1e3')).toBeNaN();
    expect(paypalValueToCents(undefined)).toBeNaN();
  });
});

describe('checkCapturedOrder', () => {
  it('accepts only a COMPLETED order whose capture is COMPLETED for our amount and currency', () => {
    expect(checkCapturedOrder(order('COMPLETED', { status: 'COMPLETED' }), expected).kind).toBe('completed');
  });
  it('looks at the capture itself, not only the order', () => {
    expect(checkCapturedOrder(order('COMPLETED', { status: 'DECLINED' }), expected).kind).toBe('declined');
    expect(checkCapturedOrder(order('COMPLETED', { status: 'PENDING' }), expected).kind).toBe('pending');
  });
  it('refuses another amount or currency', () => {
    expect(checkCapturedOrder(order('COMPLETED', { status: 'COMPLETED', value: '0.01' }), expected).kind).toBe('mismatch');
    expect(checkCapturedOrder(order('COMPLETED', { status: 'COMPLETED', currency: 'EUR' }), expected).kind).toBe('mismatch');
  });
  it('treats an order without captures as not captured yet', () => {
    expect(checkCapturedOrder(order('APPROVED'), expected).kind).toBe('pending');
    expect(checkCapturedOrder(order('COMPLETED'), expected).kind).toBe('mismatch');
  });
});
