import type { BenchBrief } from '@gl/worker/offline/measure';

/**
 * The briefs `npm run bench:offline` measures the offline writer on (and the writer is tuned on):
 * businesses, people, events and causes; long and short; English and Kiswahili; some with a
 * platform's limit as `maxChars`. The held-out set (offline-briefs.heldout.ts) is never tuned on.
 */
export const TUNING_BRIEFS: BenchBrief[] = [
  {
    name: 'family bakery (long), taglines corporate',
    request: { category: 'taglines', tone: 'corporate', topic: 'a family bakery in Nakuru that sells fresh mandazi and birthday cakes' },
  },
  {
    name: 'wedding photographer, bios funny',
    request: { category: 'bios', tone: 'funny', topic: 'freelance wedding photographer in Mombasa' },
  },
  {
    name: 'yoga studio for mums, slogans inspirational',
    request: { category: 'slogans', tone: 'inspirational', topic: 'eco-friendly yoga studio for busy mums' },
  },
  { name: "sister's birthday, captions romantic", request: { category: 'captions', tone: 'romantic', topic: "my sister's 30th birthday" } },
  {
    name: 'library fundraiser, adlines motivational',
    request: { category: 'adlines', tone: 'motivational', topic: "fundraiser for a children's library in Kisumu" },
  },
  { name: 'vegan food truck, taglines funny', request: { category: 'taglines', tone: 'funny', topic: 'vegan food truck' } },
  { name: 'Kiswahili tutor, bios corporate', request: { category: 'bios', tone: 'corporate', topic: 'Kiswahili tutor' } },
  { name: 'coffee, quotes minimalist', request: { category: 'quotes', tone: 'minimalist', topic: 'coffee' } },
  { name: 'TypeScript ORM, slogans funny', request: { category: 'slogans', tone: 'funny', topic: 'a TypeScript ORM' } },
  { name: "Rosie's Bakery, taglines funny", request: { category: 'taglines', tone: 'funny', topic: "Rosie's Bakery" } },
  { name: 'sourdough bakery, captions funny', request: { category: 'captions', tone: 'funny', topic: 'sourdough bakery' } },
  {
    name: 'hiking club, captions motivational',
    request: { category: 'captions', tone: 'motivational', topic: 'hiking club for students in Nairobi' },
  },
  { name: 'Zesty Juice, slogans bold', request: { category: 'slogans', tone: 'bold', topic: 'Zesty Juice' } },
  {
    name: 'barber shop, adlines funny (Google Ads description 90)',
    platform: 'google_ads_description',
    request: { category: 'adlines', tone: 'funny', topic: 'a barber shop in Eldoret with walk-in haircuts and beard trims', maxChars: 90 },
  },
  {
    name: 'M-Pesa agent, taglines minimalist (Google Ads headline 30)',
    platform: 'google_ads_headline',
    request: { category: 'taglines', tone: 'minimalist', topic: 'M-Pesa agent in Kibera', maxChars: 30 },
  },
  {
    name: 'leather sandals, captions inspirational (Instagram 125)',
    platform: 'instagram_caption',
    request: { category: 'captions', tone: 'inspirational', topic: 'handmade leather sandals from Lamu', maxChars: 125 },
  },
  {
    name: 'wedding planner, bios romantic (Instagram bio 150)',
    platform: 'instagram_bio',
    request: { category: 'bios', tone: 'romantic', topic: 'a wedding planner who loves small garden weddings', maxChars: 150 },
  },
  {
    name: 'beach clean-up, adlines bold (SMS 160)',
    platform: 'sms',
    request: { category: 'adlines', tone: 'bold', topic: 'community clean-up day at Nyali beach this Saturday', maxChars: 160 },
  },
  {
    name: "Mama Njeri's kitchen, taglines romantic",
    request: { category: 'taglines', tone: 'romantic', topic: "Mama Njeri's kitchen: home-cooked githeri and chapati" },
  },
  {
    name: 'personal trainer, bios motivational (TikTok bio 80)',
    platform: 'tiktok_bio',
    request: { category: 'bios', tone: 'motivational', topic: 'personal trainer for new mums', maxChars: 80 },
  },
  {
    name: 'avocado farm, quotes corporate',
    request: { category: 'quotes', tone: 'corporate', topic: "organic avocado farm in Murang'a exporting to Europe" },
  },
  {
    name: 'launch party for an app, captions funny',
    request: { category: 'captions', tone: 'funny', topic: 'a launch party for our new mobile app' },
  },
  {
    name: "best friend's graduation, quotes inspirational",
    request: { category: 'quotes', tone: 'inspirational', topic: 'graduation of my best friend' },
  },
  {
    name: 'bookshop café, bios minimalist',
    request: { category: 'bios', tone: 'minimalist', topic: 'a second-hand bookshop and café in Nairobi that hosts poetry nights' },
  },
  { name: 'solar lamps, slogans corporate', request: { category: 'slogans', tone: 'corporate', topic: 'solar lamps for rural homes' } },
  { name: 'cat café, captions funny', request: { category: 'captions', tone: 'funny', topic: 'cat café' } },
  {
    name: 'sw: duka la vitenge, adlines bold',
    request: { category: 'adlines', tone: 'bold', topic: 'duka la vitenge Mombasa', language: 'sw' },
  },
  {
    name: 'sw: family bakery (English brief), taglines corporate',
    request: {
      category: 'taglines',
      tone: 'corporate',
      topic: 'a family bakery in Nakuru that sells fresh mandazi and birthday cakes',
      language: 'sw',
    },
  },
  {
    name: 'sw: wedding photographer (English brief), bios inspirational',
    request: { category: 'bios', tone: 'inspirational', topic: 'wedding photographer in Mombasa', language: 'sw' },
  },
  {
    name: 'sw: mgahawa Lamu, captions romantic',
    request: { category: 'captions', tone: 'romantic', topic: 'mgahawa wa vyakula vya pwani Lamu', language: 'sw' },
  },
  {
    name: 'sw: saluni ya nywele, slogans funny',
    request: { category: 'slogans', tone: 'funny', topic: 'saluni ya nywele Nairobi', language: 'sw' },
  },
  {
    name: 'sw: harambee ya shule, adlines motivational',
    request: { category: 'adlines', tone: 'motivational', topic: 'harambee ya shule ya msingi Kisumu', language: 'sw' },
  },
  { name: 'sw: Kahawa Bora, adlines corporate', request: { category: 'adlines', tone: 'corporate', topic: 'Kahawa Bora', language: 'sw' } },
  { name: 'duka la dawa (Kiswahili brief), taglines bold', request: { category: 'taglines', tone: 'bold', topic: 'duka la dawa Thika' } },
  {
    name: 'fr: boulangerie, taglines romantic',
    request: { category: 'taglines', tone: 'romantic', topic: 'Maison Lemoine', language: 'fr' },
  },
  { name: 'es: la playa, captions funny', request: { category: 'captions', tone: 'funny', topic: 'la playa', language: 'es' } },
  {
    name: 'brand kit Zesty, slogans funny',
    request: {
      category: 'slogans',
      tone: 'funny',
      brand: { name: 'Zesty', wordsToUse: ['cold-pressed', 'fresh'], wordsToAvoid: ['cheap', 'sugar', 'wow'] },
    },
  },
];
