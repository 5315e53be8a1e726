import { describe, expect, it } from 'vitest';
import { getPlatform, TONES, type CategoryId, type PlatformId, type Tone } from '@gl/core';
import { generateOffline } from './offline-generator';
import { parseFrame } from './frame';
import { wrongMessage } from './message-fit';
import { seededRandom } from './variety';

const gen = (topic: string, category: CategoryId, tone: Tone, platform: PlatformId | null = null) => {
  const p = platform ? getPlatform(platform) : null;
  return generateOffline({
    topic,
    category,
    tone,
    count: 5,
    random: seededRandom(7),
    platform,
    maxChars: p?.maxChars,
    hashtags: p?.hashtags,
    emoji: p?.emoji,
  }).lines;
};

describe('the right speaker and the right message for the medium (message-fit.ts, medium-lines.ts)', () => {
  it("never writes a person's bio as a brand", () => {
    const bios = [
      "I'm Goodluck Ouma, a maths teacher in Kisumu on weekdays and a chess coach for kids on weekends",
      "I'm Tomas K., a bicycle mechanic in Montevideo, I fix old road bikes and teach people to fix their own",
      'Wanjiru Kamau, tram driver in Melbourne for 12 years, loves sourdough and cycling',
    ];
    for (const topic of bios)
      for (const tone of TONES)
        for (const line of gen(topic, 'bios', tone, 'instagram_bio'))
          expect(line, `${topic} ${tone}`).not.toMatch(/\b(?:call us|our team|all things|less noise|welcome to|another happy customer)\b/i);
    const frame = parseFrame(bios[1]);
    const ctx = { platform: null, category: 'bios', tone: 'bold' } as const;
    expect(wrongMessage('Less noise. More Tomas K.', frame, ctx)).toBe(true);
    expect(wrongMessage('Tomas K. Call us today.', frame, ctx)).toBe(true);
    expect(wrongMessage('Tomas K. Bicycle mechanic in Montevideo.', frame, ctx)).toBe(false);
  });

  it('never sells an app as goods to order, and asks for the download', () => {
    const topic = 'TaskPal app: shared to-do lists for flatmates, split chores and bills, free on Android and iOS';
    const all: string[] = [];
    for (const tone of TONES) all.push(...gen(topic, 'adlines', tone, 'facebook_ad_primary'));
    for (const line of all) expect(line).not.toMatch(/\b(?:call us|order\b.*\btoday|shop now|in stock|visit us|drive in)\b/i);
    expect(
      all.some((l) => /\b(?:download|get) taskpal\b/i.test(l)),
      all.join(' | '),
    ).toBe(true);
  });

  it('writes a LinkedIn headline as a role or offer line, never a call or a slogan', () => {
    const lines = gen(
      'Industrial scale calibration and repair for dairy co-operatives in Nakuru, certified by KEBS',
      'bios',
      'corporate',
      'linkedin_headline',
    );
    expect(lines).toContain('Industrial scale calibration for dairy co-operatives | Nakuru');
    for (const line of lines) expect(line).not.toMatch(/\b(?:call us|send us a message|dms? open|dm me)\b/i);
    const frame = parseFrame('I am a freelance wedding photographer based in Mombasa');
    const ctx = { platform: 'linkedin_headline', category: 'bios', tone: 'corporate' } as const;
    expect(wrongMessage('Wedding photographer. Light. Timing. Memories.', frame, ctx)).toBe(true);
  });

  it('keeps social talk out of a search ad headline', () => {
    const briefs: [string, PlatformId][] = [
      ['Plumbing repairs in Westlands, same-day callouts, blocked drains and leaking taps', 'google_ads_headline'],
      ['Nakuru Jazz Night, Saturday 14 March at Rift Valley Sports Club, 7pm, tickets KSh 1,500', 'facebook_ad_headline'],
    ];
    for (const [topic, platform] of briefs)
      for (const tone of TONES)
        for (const line of gen(topic, 'adlines', tone, platform))
          expect(line, `${topic} ${tone}`).not.toMatch(/\b(?:tag a friend|bring a friend|dms?\b|say hello|link in bio|welcome)\b/i);
    const frame = parseFrame('Plumbing repairs in Westlands, same-day callouts');
    const ctx = { platform: 'google_ads_headline', category: 'adlines', tone: 'bold' } as const;
    expect(wrongMessage('Plumbing repairs. Tag a friend.', frame, ctx)).toBe(true);
    expect(wrongMessage('Plumbing repairs in Westlands.', frame, ctx)).toBe(false);
  });

  it('gives an event its name and date, and a church its times', () => {
    const event = gen(
      'Nakuru Jazz Night, Saturday 14 March at Rift Valley Sports Club, 7pm, tickets KSh 1,500, live band and food trucks',
      'captions',
      'funny',
      'x_post',
    );
    expect(
      event.some((l) => l.includes('Nakuru Jazz Night') && l.includes('Saturday 14 March')),
      event.join(' | '),
    ).toBe(true);
    const church = gen(
      "St Paul's Anglican Church Thika: Sunday service 9am and 11am, youth fellowship Friday 5pm, everyone welcome",
      'captions',
      'inspirational',
      'sms',
    );
    expect(
      church.some((l) => /Sunday service 9am/.test(l) && /St Paul's/.test(l)),
      church.join(' | '),
    ).toBe(true);
    const frame = parseFrame("St Paul's Anglican Church Thika: Sunday service 9am, everyone welcome");
    const ctx = { platform: 'sms', category: 'captions', tone: 'inspirational' } as const;
    expect(wrongMessage('A little love from Thika.', frame, ctx)).toBe(true);
    expect(wrongMessage('Every Sunday service 9am starts with a dream.', frame, ctx)).toBe(true);
  });

  it('titles a video with what it shows', () => {
    const lines = gen(
      'Video of our tilapia farm in Kisumu: how we feed 10,000 fish with a solar pump',
      'captions',
      'corporate',
      'youtube_title',
    );
    expect(
      lines.some((l) => l.startsWith('Feeding 10,000 fish with a solar pump')),
      lines.join(' | '),
    ).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/\b(?:showreel|subscribe|book your date)\b/i);
  });

  it("quotes the brief's own sentence, never a self-help line about nothing of it", () => {
    const topic = 'Legal aid clinic for tenants in Mathare, free advice every Wednesday, we help families facing eviction';
    const lines = gen(topic, 'quotes', 'motivational');
    expect(
      lines.some((l) => l.startsWith('We help families facing eviction.')),
      lines.join(' | '),
    ).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/good intentions|work for it|version of you/i);
    const frame = parseFrame('Soko Fresh grocery delivery in Eldoret, order by 10am get it by 2pm');
    const ctx = { platform: null, category: 'quotes', tone: 'inspirational' } as const;
    expect(wrongMessage('Every day is a new start. — Soko Fresh', frame, ctx)).toBe(true);
    expect(wrongMessage('Start where you are. Make it count. — Soko Fresh', frame, ctx)).toBe(true);
  });

  it('never offers a stock tail as the whole line beside the name', () => {
    const topic = 'Shamba Log is an app that lets smallholder farmers log their harvests and sell directly to buyers by M-Pesa';
    const frame = parseFrame(topic);
    const ctx = { platform: 'google_ads_headline', category: 'taglines', tone: 'minimalist' } as const;
    for (const line of [
      'Shamba Log, with care.',
      'Shamba Log. Do your best work.',
      'Welcome to Shamba Log.',
      'Shamba Log. Right here. Calm.',
    ])
      expect(wrongMessage(line, frame, ctx), line).toBe(true);
    expect(wrongMessage('Download Shamba Log.', frame, ctx)).toBe(false);
    expect(wrongMessage('Shamba Log. Pay by M-Pesa.', frame, ctx)).toBe(false);
  });
});
