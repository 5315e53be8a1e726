import { describe, expect, it } from 'vitest';
import { routeLabel } from './http-metrics';

describe('routeLabel', () => {
  it('replaces ids and secrets so label cardinality stays bounded', () => {
    expect(routeLabel('/api/lines/saved/3f2b7c1e-9a7d-4c1b-8e2f-1234567890ab?x=1', 200)).toBe('/api/lines/saved/:id');
    expect(routeLabel('/api/payments/mpesa/callback/s3cr3t-value', 200)).toBe('/api/payments/mpesa/callback/:secret');
    expect(routeLabel('/api/payments/mpesa/status/ws_CO_123', 200)).toBe('/api/payments/mpesa/status/:ref');
    expect(routeLabel('/anything/at/all', 404)).toBe('unmatched');
  });
});
