import { stringify } from 'csv-stringify/sync';
import { Errors, lineLength } from '@gl/core/server';
import type { CampaignDto, CampaignExportFormat, CampaignLineDto, PlatformId } from '@gl/core';
import { spreadsheetSafe } from '../http/spreadsheet-safe';

/** Google Ads responsive search ads: up to 15 headlines of 30 characters and 4 descriptions of 90. */
export const GOOGLE_ADS_HEADLINES = 15;
export const GOOGLE_ADS_DESCRIPTIONS = 4;
export const GOOGLE_ADS_HEADLINE_MAX = 30;
export const GOOGLE_ADS_DESCRIPTION_MAX = 90;
/** Meta ads: the headline ("Title") and the primary text ("Body") as the platforms in our catalogue limit them. */
export const META_TITLE_MAX = 40;
export const META_BODY_MAX = 125;

export interface CampaignExport {
  filename: string;
  csv: string;
  /** Lines left out because they were over the target's limit (they are never written cut or over). */
  omitted: number;
}

const GOOGLE_COLUMNS = [
  'Campaign',
  'Ad group',
  ...Array.from({ length: GOOGLE_ADS_HEADLINES }, (_, i) => `Headline ${i + 1}`),
  ...Array.from({ length: GOOGLE_ADS_DESCRIPTIONS }, (_, i) => `Description ${i + 1}`),
];
const META_COLUMNS = ['Campaign Name', 'Ad Set Name', 'Ad Name', 'Title', 'Body'];
const CSV_COLUMNS = ['date', 'platform', 'text', 'characters'];

/** Rows to CSV (RFC 4180, CRLF, UTF-8 with a byte order mark), every text field made spreadsheet-safe. */
export function toCsv(columns: string[], rows: Array<Array<string | number>>): string {
  return stringify(rows, {
    bom: true,
    header: true,
    columns,
    record_delimiter: 'windows',
    cast: { string: (value) => spreadsheetSafe(value) },
  });
}

/** The name the ad platforms see: the occasion (or "Campaign") and the first day. */
export function campaignName(c: Pick<CampaignDto, 'occasionName' | 'startsOn'>): string {
  return `${c.occasionName ?? 'Campaign'} ${c.startsOn}`;
}

const written = (lines: CampaignLineDto[], platform: PlatformId) =>
  lines.filter((l): l is CampaignLineDto & { text: string } => l.platform === platform && l.text !== null);

/** The texts of `lines` that fit `max`, and how many did not. */
function within(lines: Array<{ text: string }>, max: number): { texts: string[]; omitted: number } {
  const texts = lines.map((l) => l.text).filter((t) => lineLength(t, 'google_ads_headline') <= max);
  return { texts, omitted: lines.length - texts.length };
}

const chunks = <T>(items: T[], size: number): T[][] =>
  items.length === 0 ? [[]] : Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * Google Ads Editor's responsive search ad columns: one ad group for the campaign, each ad with
 * every headline (a campaign has at most 14) and the next four descriptions.
 */
function googleAds(c: CampaignDto): CampaignExport {
  const headlines = within(written(c.lines, 'google_ads_headline'), GOOGLE_ADS_HEADLINE_MAX);
  const descriptions = within(written(c.lines, 'google_ads_description'), GOOGLE_ADS_DESCRIPTION_MAX);
  if (headlines.texts.length === 0 && descriptions.texts.length === 0) {
    throw Errors.conflict(
      'This campaign has no Google Ads headlines or descriptions to export. Plan one with the Google Ads headline and description platforms.',
    );
  }
  const name = campaignName(c);
  const heads = headlines.texts.slice(0, GOOGLE_ADS_HEADLINES);
  const rows = chunks(descriptions.texts, GOOGLE_ADS_DESCRIPTIONS).map((descs) => [
    name,
    name,
    ...Array.from({ length: GOOGLE_ADS_HEADLINES }, (_, i) => heads[i] ?? ''),
    ...Array.from({ length: GOOGLE_ADS_DESCRIPTIONS }, (_, i) => descs[i] ?? ''),
  ]);
  return { filename: 'google-ads', csv: toCsv(GOOGLE_COLUMNS, rows), omitted: headlines.omitted + descriptions.omitted };
}

/**
 * Meta's bulk-upload columns: one ad per day in one ad set, its headline ("Title") from the
 * Facebook ad headline line and its primary text ("Body") from the Facebook ad primary text line
 * (or, without one, the Instagram caption).
 */
function metaAds(c: CampaignDto): CampaignExport {
  const bodyPlatform: PlatformId = c.platforms.includes('facebook_ad_primary') ? 'facebook_ad_primary' : 'instagram_caption';
  const titles = written(c.lines, 'facebook_ad_headline');
  const bodies = written(c.lines, bodyPlatform);
  if (titles.length === 0 && bodies.length === 0) {
    throw Errors.conflict(
      'This campaign has no Facebook ad lines to export. Plan one with the Facebook ad primary text or headline platform (or Instagram captions).',
    );
  }
  const name = campaignName(c);
  let omitted = 0;
  const fit = (line: { text: string } | undefined, max: number) => {
    if (!line) return '';
    if (lineLength(line.text, 'facebook_ad_headline') <= max) return line.text;
    omitted++;
    return '';
  };
  const rows: string[][] = [];
  for (let day = 0; day < c.days; day++) {
    const title = fit(
      titles.find((l) => l.day === day),
      META_TITLE_MAX,
    );
    const body = fit(
      bodies.find((l) => l.day === day),
      META_BODY_MAX,
    );
    if (!title && !body) continue;
    const date = c.lines.find((l) => l.day === day)?.date ?? '';
    rows.push([name, name, `${name} day ${day + 1} (${date})`, title, body]);
  }
  return { filename: 'meta-ads', csv: toCsv(META_COLUMNS, rows), omitted };
}

/** Every written line: date, platform, text and its length as the platform counts it. */
function plainCsv(c: CampaignDto): CampaignExport {
  const rows = c.lines.flatMap((l) =>
    l.text === null ? [] : [[l.date, l.platform, l.text, l.characters ?? lineLength(l.text, l.platform)]],
  );
  return { filename: 'lines', csv: toCsv(CSV_COLUMNS, rows), omitted: 0 };
}

/** A campaign as a file for the target: the lines as CSV, or the ad platforms' import columns. */
export function exportCampaign(c: CampaignDto, format: CampaignExportFormat): CampaignExport {
  const file = format === 'google_ads' ? googleAds(c) : format === 'meta_ads' ? metaAds(c) : plainCsv(c);
  return { ...file, filename: `genius-lines-campaign-${c.startsOn}-${file.filename}.csv` };
}
