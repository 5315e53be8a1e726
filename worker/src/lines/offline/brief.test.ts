import { describe, expect, it } from 'vitest';
import { pastesTopic, understandBrief, type Brief } from './brief';
import { indefinite, pluralOf, possessive } from './english';
import { agree, renderSw, swahiliPhrase } from './swahili';

/** What the writer should find in briefs of every shape (a part left out is not checked). */
interface Expected {
  language?: 'en' | 'sw';
  kind?: Brief['kind'];
  name?: string | null;
  subject?: string;
  place?: string;
  offers?: string[];
  qualities?: string[];
  audience?: string;
  owner?: string;
  cause?: string;
  purpose?: string;
  makers?: string;
  when?: string;
  activity?: string;
  field?: string;
  aboutCode?: boolean;
  /** The subject in Kiswahili with "our" (agreement with its noun class). */
  ourSw?: string;
}

const BRIEFS: [string, Expected][] = [
  [
    'a family bakery in Nakuru that sells fresh mandazi and birthday cakes',
    {
      kind: 'business',
      name: null,
      subject: 'family bakery',
      place: 'Nakuru',
      offers: ['mandazi', 'birthday cakes'],
      qualities: ['fresh'],
      ourSw: 'duka letu la mikate',
    },
  ],
  [
    'freelance wedding photographer in Mombasa',
    {
      kind: 'person',
      subject: 'wedding photographer',
      place: 'Mombasa',
      qualities: ['freelance'],
      field: 'wedding photography',
      ourSw: 'mpiga picha wetu wa harusi',
    },
  ],
  ['eco-friendly yoga studio for busy mums', { kind: 'business', subject: 'yoga studio', audience: 'mums', qualities: ['eco-friendly'] }],
  ["my sister's 30th birthday", { kind: 'event', subject: '30th birthday', owner: 'my sister' }],
  [
    "fundraiser for a children's library in Kisumu",
    { kind: 'cause', subject: 'fundraiser', cause: "a children's library", place: 'Kisumu' },
  ],
  ['vegan food truck', { kind: 'business', subject: 'vegan food truck', ourSw: 'gari letu la chakula' }],
  ['Kiswahili tutor', { kind: 'person', subject: 'Kiswahili tutor', field: 'Kiswahili', name: null }],
  ['coffee', { kind: 'product', subject: 'coffee', name: null }],
  ['Coffee', { kind: 'product', subject: 'coffee', name: null }],
  ['duka la vitenge Mombasa', { language: 'sw', kind: 'business', place: 'Mombasa', offers: ['vitenge'], ourSw: 'duka letu la vitenge' }],
  ['a TypeScript ORM', { kind: 'product', subject: 'TypeScript ORM', aboutCode: true, name: null }],
  ["Rosie's Bakery", { name: "Rosie's Bakery", subject: 'bakery' }],
  ['Zesty', { name: 'Zesty' }],
  ['Maple & Co', { name: 'Maple & Co' }],
  ['hiking club for students in Nairobi', { kind: 'group', activity: 'hiking', audience: 'students', place: 'Nairobi' }],
  ['Kilimani Kicks sneaker shop', { name: 'Kilimani Kicks', subject: 'sneaker shop' }],
  ['community clean-up day at Nyali beach this Saturday', { kind: 'event', place: 'Nyali beach', when: 'this Saturday' }],
  [
    'fundraiser to dig a borehole for a village school in Makueni',
    { kind: 'cause', purpose: 'dig a borehole', cause: 'a village school', place: 'Makueni' },
  ],
  ['a bicycle repair workshop run by young women', { kind: 'business', makers: 'young women' }],
  [
    'a retired teacher who bakes wedding cakes on weekends',
    { kind: 'person', subject: 'teacher', offers: ['wedding cakes'], qualities: ['retired'] },
  ],
  [
    "Mama Njeri's kitchen: home-cooked githeri and chapati",
    { name: "Mama Njeri's kitchen", offers: ['githeri', 'chapati'], qualities: ['home-cooked'] },
  ],
  ['harambee ya shule ya msingi Kisumu', { language: 'sw', kind: 'cause', place: 'Kisumu' }],
  ['saluni ya nywele Nairobi', { language: 'sw', kind: 'business', subject: 'hair salon', ourSw: 'saluni yetu ya nywele' }],
  ['Kahawa Bora', { language: 'sw', name: 'Kahawa Bora', subject: 'coffee' }],
  ['graduation of my best friend', { kind: 'event', owner: 'my best friend' }],
  ['a launch party for our new mobile app', { kind: 'event', aboutCode: true }],
  // A long run of capitals is a description in Title Case, not a name.
  ['The Northern Lights Artisan Coffee Roastery and Community Bakery of Lower Kensington', { name: null, kind: 'business' }],
];

describe('understandBrief', () => {
  it.each(BRIEFS)('%s', (topic, want) => {
    const b = understandBrief(topic);
    if (want.language) expect(b.language).toBe(want.language);
    if (want.kind) expect(b.kind).toBe(want.kind);
    if (want.name !== undefined) expect(b.name).toBe(want.name);
    if (want.subject) expect(b.subject?.en).toBe(want.subject);
    if (want.place) expect(b.place?.text).toBe(want.place);
    if (want.offers) expect(b.offers.map((o) => o.en)).toEqual(expect.arrayContaining(want.offers));
    if (want.qualities) expect(b.qualities).toEqual(expect.arrayContaining(want.qualities));
    if (want.audience) expect(b.audience?.en).toBe(want.audience);
    if (want.owner) expect(b.owner?.en).toBe(want.owner);
    if (want.cause) expect(b.cause?.en).toBe(want.cause);
    if (want.purpose) expect(b.purpose).toBe(want.purpose);
    if (want.makers) expect(b.makers).toBe(want.makers);
    if (want.when) expect(b.when?.en).toBe(want.when);
    if (want.activity) expect(b.activity?.en).toBe(want.activity);
    if (want.field) expect(b.field?.en).toBe(want.field);
    if (want.aboutCode !== undefined) expect(b.aboutCode).toBe(want.aboutCode);
    if (want.ourSw) expect(b.subject?.sw && renderSw(b.subject.sw, { after: 'etu' })).toBe(want.ourSw);
  });

  it('combines a brand name with a topic: the name names it, the topic is what it offers', () => {
    const b = understandBrief('sourdough', "Rosie's Bakery");
    expect(b.name).toBe("Rosie's Bakery");
    expect(b.offers.map((o) => o.en)).toContain('sourdough');
  });

  it('treats a blank topic as none', () => {
    const b = understandBrief('   ');
    expect(b.topic).toBeNull();
    expect(b.subject).toBeNull();
    expect(b.name).toBeNull();
  });

  it('finds a pasted brief: five of its words in a row, whatever the case and punctuation', () => {
    const b = understandBrief('a family bakery in Nakuru that sells fresh mandazi');
    expect(pastesTopic('Visit a Family Bakery in Nakuru, that is all.', b)).toBe(true);
    expect(pastesTopic('Nakuru has a family bakery.', b)).toBe(false);
    expect(pastesTopic('Our family bakery in Nakuru.', understandBrief('family bakery in Nakuru'))).toBe(false);
  });

  it('answers quickly once a brief has been seen (it is kept)', () => {
    const topic = 'a small pottery studio in Kilifi that teaches weekend classes';
    const first = understandBrief(topic);
    expect(understandBrief(topic)).toBe(first);
  });
});

describe('English forms', () => {
  it.each([
    ['bakery', 'a'],
    ['eco-friendly studio', 'an'],
    ['hour', 'an'],
    ['honest tailor', 'an'],
    ['university', 'a'],
    ['one-stop shop', 'a'],
    ['ORM', 'an'],
    ['M-Pesa agent', 'an'],
    ['SDK', 'an'],
    ['CLI', 'a'],
    ['8-seat van', 'an'],
    ['umbrella shop', 'an'],
  ])('%s takes "%s"', (phrase, article) => {
    expect(indefinite(phrase)).toBe(article);
  });

  it('makes plurals of a phrase by its last word', () => {
    expect(pluralOf('family bakery')).toBe('family bakeries');
    expect(pluralOf('wedding photographer')).toBe('wedding photographers');
    expect(pluralOf('cat café')).toBe('cat cafés');
    expect(pluralOf('TypeScript ORM')).toBe('TypeScript ORMs');
    expect(pluralOf('bus')).toBe('buses');
  });

  it('makes possessives', () => {
    expect(possessive('Amina')).toBe("Amina's");
    expect(possessive('my parents')).toBe("my parents'");
  });
});

describe('Kiswahili agreement', () => {
  it.each([
    [['bakery'], false, 'etu', 'duka letu la mikate'],
    [['bakery'], true, 'etu', 'maduka yetu ya mikate'],
    [['wedding', 'photographer'], false, 'ako', 'mpiga picha wako wa harusi'],
    [['wedding', 'photographer'], true, 'etu', 'wapiga picha wetu wa harusi'],
    [['barbershop'], false, 'etu', 'kinyozi chetu'],
    [['birthday', 'cakes'], true, 'etu', 'keki zetu za siku ya kuzaliwa'],
    [['restaurant'], false, 'this', 'mgahawa huu'],
    [['restaurant'], true, 'this', 'migahawa hii'],
    [['sister'], false, 'angu', 'dada yangu'],
    [['parents'], true, 'angu', 'wazazi wangu'],
    [['gym'], false, 'zuri', 'ukumbi mzuri wa mazoezi'],
    [['hair', 'salon'], false, 'zuri', 'saluni nzuri ya nywele'],
  ] as const)('%j (plural %s) with %s: %s', (words, plural, after, want) => {
    const p = swahiliPhrase(words, plural);
    expect(p).not.toBeNull();
    expect(renderSw(p!, { after })).toBe(want);
  });

  it('makes verbs and particles agree with the class', () => {
    expect(agree('{c:sp}nakukaribisha', 5)).toBe('linakukaribisha');
    expect(agree('{c:sp}nakukaribisha', 1)).toBe('anakukaribisha');
    expect(agree('{c:sp}nakukaribisha', 10)).toBe('zinakukaribisha');
    expect(agree('uta{c:op}penda', 7)).toBe('utakipenda');
    expect(agree('{a} Nakuru', 3)).toBe('wa Nakuru');
  });

  it('has no Kiswahili for a noun it does not know (lines are then written around it)', () => {
    expect(swahiliPhrase(['drone'], false)).toBeNull();
  });
});
