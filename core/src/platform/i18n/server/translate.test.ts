import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES_EN, SERVER_MESSAGES_SW, readServerMessage, serverMessage, translateServerMessage } from './translate';

describe('server messages', () => {
  it('translates a fixed message, a message with parameters and a field-prefixed validation message', () => {
    expect(translateServerMessage('Invalid email or password', 'sw')).toBe('Barua pepe au nenosiri si sahihi');
    expect(translateServerMessage('Too many attempts. Please try again in 15 minutes.', 'sw')).toBe(
      'Umefikia kikomo cha majaribio. Tafadhali jaribu tena baada ya dakika 15.',
    );
    expect(translateServerMessage('password: Password must be at least 6 characters long', 'sw')).toBe(
      'password: Nenosiri liwe na herufi 6 au zaidi',
    );
    expect(translateServerMessage('Campaigns needs the Business plan. Upgrade to use it.', 'sw')).toBe(
      'Huduma ya Kampeni inapatikana kwenye mpango wa Biashara. Pandisha daraja ili uitumie.',
    );
  });

  it('translates a field name inside a message, and the message after a field prefix', () => {
    expect(translateServerMessage('Topic must be at most 200 characters', 'sw')).toBe('Mada: herufi zisizidi 200');
    expect(translateServerMessage('Words to avoid: "sale" is listed twice', 'sw')).toBe('Maneno ya kuepuka: "sale" limeandikwa mara mbili');
    expect(translateServerMessage('index must be a number', 'sw')).toBe('index: andika namba');
    expect(translateServerMessage('cursor: Invalid cursor', 'sw')).toBe('cursor: Kiashiria cha ukurasa si sahihi');
    expect(translateServerMessage('wordsToAvoid.1: Words to avoid: "bei" is listed twice', 'sw')).toBe(
      'wordsToAvoid.1: Maneno ya kuepuka: "bei" limeandikwa mara mbili',
    );
    expect(translateServerMessage('Too many generation requests. Please wait 1 second and try again.', 'sw')).toBe(
      'Maombi ya kutunga ni mengi mno. Tafadhali subiri sekunde 1 kisha ujaribu tena.',
    );
  });

  it('translates a message inside a message (a refund and what it ended)', () => {
    expect(
      translateServerMessage('$9.00 of your Pro payment was refunded, so your Pro plan has ended. You are on the free plan now.', 'sw'),
    ).toBe('Umerejeshewa $9.00 za malipo yako ya mpango wa Pro, kwa hiyo mpango wako wa Pro umeisha. Sasa uko kwenye mpango wa Bure.');
  });

  it('writes a refund notice’s date as the reader’s day, in their language (an instant, or a UTC day stored earlier)', () => {
    const stored =
      '$9.00 of your Business payment was refunded, so your Business plan has ended. Your Pro plan is back until 2026-12-27T21:30:00.000Z.';
    expect(readServerMessage(stored, { language: 'sw', timeZone: 'Africa/Nairobi' })).toBe(
      'Umerejeshewa $9.00 za malipo yako ya mpango wa Biashara, kwa hiyo mpango wako wa Biashara umeisha. Mpango wako wa Pro umerudi hadi 28 Desemba 2026.',
    );
    expect(readServerMessage(stored, { language: 'en', timeZone: 'Africa/Nairobi' })).toMatch(/back until December 28, 2026\.$/);
    expect(readServerMessage(stored, { language: 'en', timeZone: 'UTC' })).toMatch(/back until December 27, 2026\.$/);
    const older = '$9.00 of your Pro payment was refunded, so your Pro plan now ends on 2026-12-27.';
    expect(readServerMessage(older, { language: 'en', timeZone: 'Pacific/Honolulu' })).toBe(
      '$9.00 of your Pro payment was refunded, so your Pro plan now ends on December 27, 2026.',
    );
    expect(readServerMessage('Some brand-new message', { language: 'sw', timeZone: 'UTC' })).toBe('Some brand-new message');
  });

  it('keeps English as it is, and a message it does not know stays English, never an id', () => {
    expect(translateServerMessage('Invalid email or password', 'en')).toBe('Invalid email or password');
    expect(translateServerMessage('Some brand-new message', 'sw')).toBe('Some brand-new message');
  });

  it('falls back to English for an id without a Kiswahili text', () => {
    const missing = (Object.keys(SERVER_MESSAGES_EN) as (keyof typeof SERVER_MESSAGES_EN)[]).find((id) => !SERVER_MESSAGES_SW[id]);
    if (missing) expect(serverMessage('sw', missing)).toBe(SERVER_MESSAGES_EN[missing]);
    expect(serverMessage('sw', 'auth.signIn')).toBe('Tafadhali ingia ili uendelee');
  });

  it('has the same parameters in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [id, sw] of Object.entries(SERVER_MESSAGES_SW)) {
      expect(names(sw!), id).toEqual(names(SERVER_MESSAGES_EN[id as keyof typeof SERVER_MESSAGES_EN]));
    }
  });
});
