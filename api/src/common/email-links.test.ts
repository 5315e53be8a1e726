import { describe, expect, it } from 'vitest';
import { configuredOrigin, httpOrigin } from './email-links';

describe('httpOrigin', () => {
  it('keeps a host name or address, brackets IPv6, replaces a wildcard', () => {
    expect(httpOrigin('127.0.0.1', 3000, 'localhost')).toBe('http://127.0.0.1:3000');
    expect(httpOrigin('::1', 3000, 'localhost')).toBe('http://[::1]:3000');
    expect(httpOrigin('0.0.0.0', 3000, '127.0.0.1')).toBe('http://127.0.0.1:3000');
    expect(httpOrigin('::', 3000, '::1')).toBe('http://[::1]:3000');
    expect(httpOrigin('', 80, 'localhost')).toBe('http://localhost:80');
  });

  it('the configured origin names a wildcard HOST localhost', () => {
    expect(configuredOrigin({ HOST: '0.0.0.0' }, 8080)).toBe('http://localhost:8080');
    expect(configuredOrigin({ HOST: 'api.internal' }, 8080)).toBe('http://api.internal:8080');
  });
});
