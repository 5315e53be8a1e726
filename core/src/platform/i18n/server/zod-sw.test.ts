import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { zodErrorMapFor } from './zod-sw';

/** The messages of a failed parse in `lang`. */
function messages(schema: z.ZodType, input: unknown, lang: 'en' | 'sw'): string[] {
  const error = zodErrorMapFor(lang);
  const result = error ? schema.safeParse(input, { error }) : schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("zod's own messages in Kiswahili", () => {
  it('says what was expected and what came, and the bound of a length or a number', () => {
    expect(messages(z.string(), 42, 'sw')).toEqual(['Si sahihi: tulitarajia maandishi, lakini tumepokea namba']);
    expect(messages(z.object({ name: z.string() }), {}, 'sw')).toEqual(['Inahitajika: weka maandishi']);
    expect(messages(z.string().max(200), 'x'.repeat(201), 'sw')).toEqual(['Ni ndefu mno: herufi zisizidi 200']);
    expect(messages(z.string().min(1), '', 'sw')).toEqual(['Isiwe tupu']);
    expect(messages(z.array(z.string()).max(2), ['a', 'b', 'c'], 'sw')).toEqual(['Ni nyingi mno: vipengele visizidi 2']);
    expect(messages(z.number().int().min(1), 0, 'sw')).toEqual(['Ni ndogo mno: iwe 1 au zaidi']);
    expect(messages(z.number().lt(5), 5, 'sw')).toEqual(['Ni kubwa mno: iwe chini ya 5']);
    expect(messages(z.enum(['csv', 'json']), 'xml', 'sw')).toEqual(['Chaguo si sahihi: chagua mojawapo ya "csv" | "json"']);
    expect(messages(z.email(), 'nope', 'sw')).toEqual(['Barua pepe si sahihi']);
    expect(messages(z.strictObject({}), { extra: 1 }, 'sw')).toEqual(['Sehemu zisizojulikana: extra']);
  });

  it("leaves a schema's own message alone, and English to zod", () => {
    expect(messages(z.string({ message: 'Name is required' }), 42, 'sw')).toEqual(['Name is required']);
    expect(messages(z.string().max(3, 'Too long'), 'abcd', 'sw')).toEqual(['Too long']);
    expect(zodErrorMapFor('en')).toBeUndefined();
    expect(messages(z.string(), 42, 'en')).toEqual(['Invalid input: expected string, received number']);
  });
});
