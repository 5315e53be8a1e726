import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './metrics';

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fd00::1'])(
    '%s is private',
    (a) => {
      expect(isPrivateAddress(a)).toBe(true);
    },
  );
  it.each(['8.8.8.8', '172.32.0.1', '::ffff:1.2.3.4', '2001:db8::1', undefined])('%s is public', (a) => {
    expect(isPrivateAddress(a)).toBe(false);
  });
});
