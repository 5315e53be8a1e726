import type { BenchBrief } from '@gl/worker/offline/measure';

/**
 * Held-out briefs: written before the writer was changed and never tuned on. `npm run bench:offline`
 * prints them as a second table, to check that the writer understands briefs in general.
 */
export const HELD_OUT_BRIEFS: BenchBrief[] = [
  { name: 'dog grooming van, adlines funny', request: { category: 'adlines', tone: 'funny', topic: 'dog grooming van in Westlands' } },
  {
    name: 'retired teacher baker, bios funny',
    request: { category: 'bios', tone: 'funny', topic: 'a retired teacher who bakes wedding cakes on weekends' },
  },
  { name: 'night market, captions bold', request: { category: 'captions', tone: 'bold', topic: 'night market' } },
  {
    name: 'dental clinic, taglines corporate',
    request: { category: 'taglines', tone: 'corporate', topic: 'dental clinic in Eldoret offering painless check-ups for kids' },
  },
  {
    name: "parents' anniversary, quotes romantic",
    request: { category: 'quotes', tone: 'romantic', topic: "my parents' 25th wedding anniversary" },
  },
  {
    name: 'borehole fundraiser, slogans motivational (SMS 160)',
    platform: 'sms',
    request: {
      category: 'slogans',
      tone: 'motivational',
      topic: 'fundraiser to dig a borehole for a village school in Makueni',
      maxChars: 160,
    },
  },
  { name: 'rock band, bios bold', request: { category: 'bios', tone: 'bold', topic: 'indie rock band from Kampala' } },
  {
    name: 'Python course, adlines inspirational',
    request: { category: 'adlines', tone: 'inspirational', topic: 'Python course for beginners' },
  },
  {
    name: 'mitumba stall, captions funny',
    request: { category: 'captions', tone: 'funny', topic: 'mitumba clothes stall at Gikomba market' },
  },
  {
    name: 'sw: fundi wa viatu, taglines minimalist',
    request: { category: 'taglines', tone: 'minimalist', topic: 'fundi wa viatu Nyeri', language: 'sw' },
  },
  {
    name: 'sw: tailor (English brief), adlines corporate',
    request: { category: 'adlines', tone: 'corporate', topic: 'a tailor who makes school uniforms in Thika', language: 'sw' },
  },
  { name: 'honey, slogans romantic', request: { category: 'slogans', tone: 'romantic', topic: 'honey' } },
  {
    name: 'car wash, taglines motivational (Google Ads headline 30)',
    platform: 'google_ads_headline',
    request: { category: 'taglines', tone: 'motivational', topic: 'car wash and detailing for taxis in Mombasa', maxChars: 30 },
  },
  {
    name: 'bicycle workshop, quotes inspirational',
    request: { category: 'quotes', tone: 'inspirational', topic: 'a bicycle repair workshop run by young women' },
  },
  {
    name: 'swimming lessons, captions minimalist (Instagram 125)',
    platform: 'instagram_caption',
    request: { category: 'captions', tone: 'minimalist', topic: "kids' swimming lessons on Saturdays", maxChars: 125 },
  },
  {
    name: 'sw: chama cha akina mama, quotes inspirational',
    request: { category: 'quotes', tone: 'inspirational', topic: 'chama cha akina mama wa Kisii', language: 'sw' },
  },
  {
    name: 'tea estate tours, slogans bold (YouTube title 100)',
    platform: 'youtube_title',
    request: { category: 'slogans', tone: 'bold', topic: 'tea estate tours in Kericho', maxChars: 100 },
  },
  {
    name: 'Kilimani Kicks, adlines motivational',
    request: { category: 'adlines', tone: 'motivational', topic: 'Kilimani Kicks sneaker shop' },
  },
];
