import { describe, expect, it } from 'vitest';
import { addInterval, paymentMessage } from './billing-dto';

describe('billing periods', () => {
  it('adds a calendar month or a year in UTC', () => {
    expect(addInterval(new Date('2024-01-15T10:00:00Z'), 'month').toISOString()).toBe('2024-02-15T10:00:00.000Z');
    expect(addInterval(new Date('2024-12-15T10:00:00Z'), 'month').toISOString()).toBe('2025-01-15T10:00:00.000Z');
    expect(addInterval(new Date('2024-03-01T00:00:00Z'), 'year').toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(addInterval(new Date('2024-01-31T08:00:00Z'), 'month').toISOString()).toBe('2024-02-29T08:00:00.000Z');
    expect(addInterval(new Date('2023-01-31T08:00:00Z'), 'month').toISOString()).toBe('2023-02-28T08:00:00.000Z');
    expect(addInterval(new Date('2024-02-29T08:00:00Z'), 'year').toISOString()).toBe('2025-02-28T08:00:00.000Z');
  });
});

describe('payment messages (the spec texts)', () => {
  const base = { provider: 'mpesa', planId: 'pro', resultCode: null };
  it('uses the spec wording for M-Pesa results', () => {
    expect(paymentMessage({ ...base, status: 'cancelled', resultCode: '1032' })).toBe('Payment cancelled by user');
    expect(paymentMessage({ ...base, status: 'failed', resultCode: '2001' })).toBe('Payment failed. Please try again.');
    expect(paymentMessage({ ...base, status: 'failed', resultCode: 'INIT_FAILED' })).toBe('Failed to initiate M-Pesa payment');
  });
  it('uses the spec wording for PayPal failures and names the plan on success', () => {
    expect(paymentMessage({ ...base, provider: 'paypal', status: 'failed', resultCode: 'DECLINED' })).toBe(
      'Payment processing failed. Please try again.',
    );
    expect(paymentMessage({ ...base, provider: 'paypal', status: 'failed', resultCode: 'INIT_FAILED' })).toBe(
      'Failed to create PayPal order',
    );
    expect(paymentMessage({ ...base, planId: 'business', status: 'completed' })).toMatch(/Business plan is active/);
  });
});
