import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './saved-lines.routes';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks; leaves plain text alone', () => {
    expect(csvField('plain text 🚀')).toBe('plain text 🚀');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+254700000000')).toBe("'+254700000000");
    expect(csvField('-10% today')).toBe("'-10% today");
    expect(csvField('@handle')).toBe("'@handle");
    expect(csvField('\tTabbed')).toBe("'\tTabbed");
    expect(csvField('\rCR')).toBe('"\'\rCR"');
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('not = a formula')).toBe('not = a formula');
  });

  it('writes a CRLF-terminated row in column order', () => {
    const row = csvRow({
      id: '00000000-0000-4000-8000-000000000000',
      text: 'Hi, there',
      category: 'taglines',
      tone: 'bold',
      createdAt: '2026-01-01T00:00:00.000Z',
      generationId: null,
      platform: 'sms',
    });
    expect(row).toBe('"Hi, there",taglines,bold,2026-01-01T00:00:00.000Z,00000000-0000-4000-8000-000000000000,sms\r\n');
    expect(csvRow({ id: 'i', text: 'x', category: 'bios', tone: 'funny', createdAt: 't', generationId: null, platform: null })).toBe(
      'x,bios,funny,t,i,\r\n',
    );
  });
});
