import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { generateOffline } from './offline-generator';

describe('a brief typed in capitals, and a name before "is our" (issue 33, bad input)', () => {
  it('keeps a shouted opening name as a name and its town as a town, never as an offer', () => {
    const f = parseFrame('KIRINYAGA TYRE CENTRE, KERUGOYA. 24/7 PUNCTURE REPAIR AND WHEEL ALIGNMENT ON THE MAIN ROAD');
    expect(f.name).toBe('Kirinyaga Tyre Centre');
    expect(f.places).toContain('Kerugoya');
    expect(f.offers.map((o) => o.toLowerCase())).not.toContain('kerugoya');
    expect(f.offers).toContain('puncture repair');
    const lines = generateOffline({ category: 'taglines', tone: 'bold', topic: f.topic, count: 5, random: () => 0.4 }).lines;
    for (const l of lines) expect(l).not.toMatch(/\bkerugoya\b/); // a town is never written in lower case
  });

  it('reads money and M-Pesa in a shouted brief as written', () => {
    const f = parseFrame('FRESH MANDAZI IN NAKURU TOWN, ONLY KSH 10 EACH. PAY BY MPESA');
    expect(f.facts.map((x) => x.text)).toEqual(expect.arrayContaining(['KSh 10']));
    expect(f.places).toContain('Nakuru');
  });

  it('leaves a shouted phrase that is not a name alone', () => {
    expect(parseFrame('PHONE REPAIRS IN ONE HOUR, CALL US. TOWN CENTRE').name).toBeNull();
  });

  it('takes the capitalised words before "is our app" or "is a" as the name', () => {
    expect(parseFrame('Hivelog is our app for beekeepers in Portugal: log hive checks and harvests, even offline').name).toBe('Hivelog');
    expect(parseFrame('Casa Verde is a small vegan cafe in Porto with a garden terrace').name).toBe('Casa Verde');
    expect(parseFrame('This is a family bakery in Nyeri').name).toBeNull();
    expect(parseFrame('Nairobi is our home: a youth choir singing every Sunday').name).not.toBe('Nairobi');
  });
});
