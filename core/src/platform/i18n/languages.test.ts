import { describe, expect, it } from 'vitest';
import {
  firstSupportedLanguage,
  languageOfCookieHeader,
  localizedPageFile,
  negotiateLanguage,
  pageLanguage,
  resolveLanguage,
} from './languages';

describe('language choice', () => {
  it('picks Kiswahili for a phone set to sw-KE and English for unknown languages', () => {
    expect(negotiateLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(negotiateLanguage('fr-FR,fr;q=0.9')).toBeNull();
    expect(negotiateLanguage('fr;q=1, en;q=0.5, sw;q=0.7')).toBe('sw');
    expect(negotiateLanguage('sw;q=0, en')).toBe('en');
    expect(negotiateLanguage('')).toBeNull();
    expect(negotiateLanguage(undefined)).toBeNull();
  });

  it('falls back to English for anything it does not know', () => {
    expect(resolveLanguage('sw')).toBe('sw');
    expect(resolveLanguage('SW-tz')).toBe('sw');
    expect(resolveLanguage('xx')).toBe('en');
    expect(resolveLanguage(42)).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
  });

  it('reads the browser language list in order', () => {
    expect(firstSupportedLanguage(['de-DE', 'sw-KE', 'en'])).toBe('sw');
    expect(firstSupportedLanguage(['de-DE'])).toBeNull();
  });

  it('serves a page in the cookie language, else the Accept-Language one, else English', () => {
    expect(languageOfCookieHeader('theme=dark; gl_lang=sw; x=1')).toBe('sw');
    expect(languageOfCookieHeader('gl_lang=xx')).toBeNull();
    expect(languageOfCookieHeader('not_gl_lang=sw')).toBeNull();
    expect(pageLanguage({ cookie: 'gl_lang=en', acceptLanguage: 'sw-KE' })).toBe('en');
    expect(pageLanguage({ cookie: 'gl_lang=%ff', acceptLanguage: 'sw-KE' })).toBe('sw');
    expect(pageLanguage({ cookie: undefined, acceptLanguage: 'fr' })).toBe('en');
    expect(pageLanguage({})).toBe('en');
  });

  it('names a page file per language, English keeping the plain name', () => {
    expect(localizedPageFile('/pricing/index.html', 'en')).toBe('/pricing/index.html');
    expect(localizedPageFile('/pricing/index.html', 'sw')).toBe('/pricing/index.sw.html');
    expect(localizedPageFile('shell.html', 'sw')).toBe('shell.sw.html');
  });
});
