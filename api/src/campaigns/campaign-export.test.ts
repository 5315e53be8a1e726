import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { CampaignDto, CampaignLineDto, PlatformId } from '@gl/core';
import { exportCampaign } from './campaign-export';

let n = 0;
function line(day: number, platform: PlatformId, text: string | null): CampaignLineDto {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    day,
    date: `2026-12-${String(10 + day).padStart(2, '0')}`,
    platform,
    category: 'adlines',
    generationId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status: text === null ? 'failed' : 'completed',
    text,
    edited: false,
    characters: text === null ? null : [...text].length,
    maxChars: 30,
  };
}

function campaign(lines: CampaignLineDto[], platforms: PlatformId[]): CampaignDto {
  return {
    id: '20000000-0000-4000-8000-000000000000',
    occasion: 'jamhuri_day',
    occasionName: 'Jamhuri Day',
    occasionDate: '2026-12-12',
    startsOn: '2026-12-10',
    days: 3,
    platforms,
    category: null,
    tone: 'bold',
    topic: null,
    brandId: null,
    language: 'en',
    status: 'completed',
    total: lines.length,
    done: lines.filter((l) => l.text).length,
    failed: lines.filter((l) => !l.text).length,
    createdAt: '2026-12-01T00:00:00.000Z',
    completedAt: '2026-12-01T00:00:05.000Z',
    lines,
  };
}

const rows = (csv: string) => parse(csv, { bom: true }) as string[][];

describe('campaign exports', () => {
  it('Google Ads leaves out (and counts) a headline over 30 or a description over 90, never cutting one', () => {
    const c = campaign(
      [
        line(0, 'google_ads_headline', 'Jamhuri deals at Duka'),
        line(0, 'google_ads_description', 'Everything for the holiday, delivered across Nairobi.'),
        line(1, 'google_ads_headline', 'A headline that is far too long for Google'),
        line(1, 'google_ads_description', 'x'.repeat(91)),
        line(2, 'google_ads_headline', '=HYPERLINK("http://evil")'),
        line(2, 'google_ads_description', null),
      ],
      ['google_ads_headline', 'google_ads_description'],
    );
    const file = exportCampaign(c, 'google_ads');
    expect(file.omitted).toBe(2);
    expect(file.filename).toBe('genius-lines-campaign-2026-12-10-google-ads.csv');
    const [head, ad, ...more] = rows(file.csv);
    expect(more).toEqual([]);
    expect(head!.slice(0, 3)).toEqual(['Campaign', 'Ad group', 'Headline 1']);
    expect(ad!.slice(0, 5)).toEqual([
      'Jamhuri Day 2026-12-10',
      'Jamhuri Day 2026-12-10',
      'Jamhuri deals at Duka',
      `'=HYPERLINK("http://evil")`,
      '',
    ]);
    expect(ad!.slice(17)).toEqual(['Everything for the holiday, delivered across Nairobi.', '', '', '']);
    expect(file.csv.startsWith('\uFEFF')).toBe(true);
    expect(file.csv).toContain('\r\n');
  });

  it('Meta Ads: a day without any fitting line has no ad; an over-long title is left out of its ad', () => {
    const c = campaign(
      [
        line(0, 'facebook_ad_headline', 'Happy Jamhuri Day from Duka'),
        line(0, 'facebook_ad_primary', '+254 700 000 000: call us for holiday orders'),
        line(1, 'facebook_ad_headline', 'A headline of more than forty characters for Meta'),
        line(1, 'facebook_ad_primary', 'Two days to Jamhuri Day, and the oven is hot.'),
        line(2, 'facebook_ad_headline', null),
        line(2, 'facebook_ad_primary', null),
      ],
      ['facebook_ad_headline', 'facebook_ad_primary'],
    );
    const file = exportCampaign(c, 'meta_ads');
    expect(file.omitted).toBe(1);
    expect(rows(file.csv)).toEqual([
      ['Campaign Name', 'Ad Set Name', 'Ad Name', 'Title', 'Body'],
      [
        'Jamhuri Day 2026-12-10',
        'Jamhuri Day 2026-12-10',
        'Jamhuri Day 2026-12-10 day 1 (2026-12-10)',
        'Happy Jamhuri Day from Duka',
        "'+254 700 000 000: call us for holiday orders",
      ],
      [
        'Jamhuri Day 2026-12-10',
        'Jamhuri Day 2026-12-10',
        'Jamhuri Day 2026-12-10 day 2 (2026-12-11)',
        '',
        'Two days to Jamhuri Day, and the oven is hot.',
      ],
    ]);
  });

  it('CSV skips lines not written and quotes commas, quotes and line breaks', () => {
    const c = campaign(
      [line(0, 'sms', 'Karibu, "rafiki"'), line(0, 'x_post', null), line(1, 'sms', '@duka: open\non Sunday')],
      ['sms', 'x_post'],
    );
    const file = exportCampaign(c, 'csv');
    expect(rows(file.csv)).toEqual([
      ['date', 'platform', 'text', 'characters'],
      ['2026-12-10', 'sms', 'Karibu, "rafiki"', '16'],
      ['2026-12-11', 'sms', "'@duka: open\non Sunday", '21'],
    ]);
  });
});
