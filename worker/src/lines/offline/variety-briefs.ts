import type { BenchBrief } from './measure';

/**
 * Briefs of every shape for the unit tests of the offline writer (variety.test.ts): businesses,
 * people, events, causes, groups, products and things; a name, a place, offers, an audience, an
 * owner; one word to a long sentence; English and Kiswahili briefs, lines in every language; with
 * platform limits. Not the bench's briefs (bench/offline-briefs*.ts), so the tests check the
 * writer on briefs it was not tuned on.
 */
export const TEST_BRIEFS: BenchBrief[] = [
  {
    name: 'small bakery, long',
    request: { category: 'taglines', tone: 'bold', topic: 'a small bakery in Eldoret selling fresh bread and doughnuts' },
  },
  { name: "Amina's tailoring shop", request: { category: 'bios', tone: 'romantic', topic: "Amina's tailoring shop" } },
  {
    name: 'graphic designer for startups',
    request: { category: 'bios', tone: 'minimalist', topic: 'freelance graphic designer for startups' },
  },
  { name: 'yoga classes for seniors', request: { category: 'adlines', tone: 'inspirational', topic: 'gentle yoga classes for seniors' } },
  { name: "brother's wedding", request: { category: 'captions', tone: 'funny', topic: "my brother's wedding" } },
  {
    name: 'charity run',
    request: { category: 'slogans', tone: 'motivational', topic: "charity run for a children's hospital in Nairobi" },
  },
  { name: 'organic honey', request: { category: 'quotes', tone: 'romantic', topic: 'organic honey from Baringo' } },
  {
    name: 'coffee shop with wifi',
    request: { category: 'captions', tone: 'minimalist', topic: 'a coffee shop in Westlands with free wifi and cakes' },
  },
  { name: 'mobile car wash', request: { category: 'taglines', tone: 'funny', topic: 'mobile car wash' } },
  { name: 'tea, one word', request: { category: 'slogans', tone: 'romantic', topic: 'tea' } },
  { name: 'Sunrise Dental Clinic', request: { category: 'adlines', tone: 'corporate', topic: 'Sunrise Dental Clinic' } },
  { name: 'farmers market', request: { category: 'captions', tone: 'inspirational', topic: 'weekend farmers market in Karen' } },
  { name: 'maths tutor', request: { category: 'bios', tone: 'funny', topic: 'maths tutor for high school students' } },
  {
    name: 'React component library (code)',
    request: { category: 'slogans', tone: 'funny', topic: 'a React component library for developers' },
  },
  { name: 'grand opening', request: { category: 'adlines', tone: 'bold', topic: 'the grand opening of our new salon this Friday' } },
  {
    name: 'vet clinic home visits',
    request: { category: 'taglines', tone: 'corporate', topic: 'a vet clinic that offers home visits for pets' },
  },
  { name: 'sunset', request: { category: 'captions', tone: 'romantic', topic: 'sunset' } },
  { name: 'school fees fundraiser', request: { category: 'captions', tone: 'motivational', topic: 'fundraiser for school fees in Kitui' } },
  {
    name: 'furniture workshop, Google Ads headline',
    request: { category: 'taglines', tone: 'minimalist', topic: 'furniture workshop in Kariobangi', maxChars: 30 },
  },
  {
    name: 'running club, TikTok bio',
    request: { category: 'bios', tone: 'bold', topic: 'running club for women in Nakuru', maxChars: 80 },
  },
  { name: 'sw: duka la nguo', request: { category: 'slogans', tone: 'bold', topic: 'duka la nguo Kisumu', language: 'sw' } },
  {
    name: 'sw: shule ya chekechea',
    request: { category: 'adlines', tone: 'romantic', topic: 'shule ya chekechea Nakuru', language: 'sw' },
  },
  {
    name: 'sw: kikundi cha vijana',
    request: { category: 'captions', tone: 'motivational', topic: 'kikundi cha vijana wa Mombasa', language: 'sw' },
  },
  { name: 'sw: tailor (English brief)', request: { category: 'bios', tone: 'corporate', topic: 'a tailor in Nairobi', language: 'sw' } },
  { name: 'sw: coffee (English brief)', request: { category: 'quotes', tone: 'minimalist', topic: 'coffee', language: 'sw' } },
  {
    name: "sw: mother's birthday (English brief)",
    request: { category: 'captions', tone: 'romantic', topic: "my mother's 60th birthday", language: 'sw' },
  },
  {
    name: 'sw: unknown English noun',
    request: { category: 'taglines', tone: 'funny', topic: 'drone repair studio in Thika', language: 'sw' },
  },
  { name: 'fr: name', request: { category: 'slogans', tone: 'bold', topic: 'Maison Lemoine', language: 'fr' } },
  { name: 'es: short topic', request: { category: 'captions', tone: 'funny', topic: 'la playa', language: 'es' } },
  { name: 'de: name', request: { category: 'adlines', tone: 'motivational', topic: 'Radhaus Berg', language: 'de' } },
  { name: 'pt: short topic', request: { category: 'quotes', tone: 'inspirational', topic: 'o mar', language: 'pt' } },
  {
    name: 'brand kit with topic',
    request: {
      category: 'captions',
      tone: 'inspirational',
      topic: 'sourdough',
      brand: { name: "Rosie's Bakery", wordsToUse: ['handmade'], wordsToAvoid: ['cheap', 'light'] },
    },
  },
  {
    name: 'brand kit, no topic',
    request: {
      category: 'slogans',
      tone: 'funny',
      brand: { name: 'Zesty', wordsToUse: ['cold-pressed', 'fresh'], wordsToAvoid: ['cheap', 'sugar'] },
    },
  },
];
