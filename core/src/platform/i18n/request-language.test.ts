import { describe, expect, it } from 'vitest';
import { languageOfCookieHeader } from './languages';
import { pickRequestLanguage } from './request-language';

describe('request language', () => {
  it('prefers the account, then the cookie, then Accept-Language, then English', () => {
    expect(pickRequestLanguage({ account: 'sw', cookieHeader: 'gl_lang=en', acceptLanguage: 'en' })).toBe('sw');
    expect(pickRequestLanguage({ cookieHeader: 'a=1; gl_lang=sw', acceptLanguage: 'en' })).toBe('sw');
    expect(pickRequestLanguage({ cookieHeader: 'gl_lang=xx', acceptLanguage: 'sw-KE,en;q=0.5' })).toBe('sw');
    expect(pickRequestLanguage({ acceptLanguage: 'fr' })).toBe('en');
    expect(pickRequestLanguage({})).toBe('en');
  });

  it('reads a stored unknown account language as English', () => {
    expect(pickRequestLanguage({ account: 'klingon', acceptLanguage: 'sw' })).toBe('en');
  });

  it('ignores a cookie that is not ours or not a language', () => {
    expect(languageOfCookieHeader('xgl_lang=sw')).toBeNull();
    expect(languageOfCookieHeader('gl_lang=%E0%A4%A')).toBeNull();
    expect(languageOfCookieHeader(undefined)).toBeNull();
  });
});
