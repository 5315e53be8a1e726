import type { Brief } from './variety';

/** The fixed briefs of `npm run bench:offline` and of the variety floors in the unit tests. */
export const BENCH_BRIEFS: Brief[] = [
  { name: 'bakery taglines, funny', request: { category: 'taglines', tone: 'funny', topic: "Rosie's Bakery" } },
  { name: 'bakery captions, funny', request: { category: 'captions', tone: 'funny', topic: 'sourdough bakery' } },
  { name: 'photographer bio, inspirational', request: { category: 'bios', tone: 'inspirational', topic: 'wedding photography' } },
  { name: 'sunset caption, romantic', request: { category: 'captions', tone: 'romantic', topic: 'sunset' } },
  { name: 'juice brand slogans, bold', request: { category: 'slogans', tone: 'bold', topic: 'Zesty Juice' } },
  { name: 'juice brand quotes, funny', request: { category: 'quotes', tone: 'funny', topic: 'Zesty Juice' } },
  { name: 'dev tool ad lines, funny', request: { category: 'adlines', tone: 'funny', topic: 'Shipyard CLI for developers' } },
  { name: 'dev tool slogans, funny', request: { category: 'slogans', tone: 'funny', topic: 'a code review app' } },
  {
    name: 'fr boulangerie taglines, romantic',
    request: { category: 'taglines', tone: 'romantic', topic: 'Maison Lemoine', language: 'fr' },
  },
  { name: 'es beach captions, funny', request: { category: 'captions', tone: 'funny', topic: 'la playa', language: 'es' } },
  {
    name: 'de bike shop slogans, motivational',
    request: { category: 'slogans', tone: 'motivational', topic: 'Radhaus Berg', language: 'de' },
  },
  { name: 'sw coffee ad lines, corporate', request: { category: 'adlines', tone: 'corporate', topic: 'Kahawa Bora', language: 'sw' } },
  { name: 'pt sea quotes, inspirational', request: { category: 'quotes', tone: 'inspirational', topic: 'o mar', language: 'pt' } },
  {
    name: 'juice brand kit slogans, funny',
    request: {
      category: 'slogans',
      tone: 'funny',
      brand: { name: 'Zesty', wordsToUse: ['cold-pressed', 'fresh'], wordsToAvoid: ['cheap', 'sugar', 'wow'] },
    },
  },
  {
    name: 'bakery kit captions + topic, inspirational',
    request: {
      category: 'captions',
      tone: 'inspirational',
      topic: 'sourdough',
      brand: { name: "Rosie's Bakery", wordsToUse: ['handmade'], wordsToAvoid: ['cheap', 'light'] },
    },
  },
  {
    name: 'fr kit slogans, bold',
    request: {
      category: 'slogans',
      tone: 'bold',
      language: 'fr',
      brand: { name: 'Maison Lemoine', wordsToUse: ['artisanal'], wordsToAvoid: ['limite'] },
    },
  },
  { name: 'no subject, taglines bold', request: { category: 'taglines', tone: 'bold' } },
];
