import { Errors, isAppError, lineLength } from '@gl/core/server';
import {
  getPlatform,
  utcToday,
  type ApprovalDto,
  type ApprovalExportFormat,
  type ApprovalLineDto,
  type CampaignDto,
  type CampaignLineDto,
  type PlatformId,
} from '@gl/core';
import { exportCampaign, toCsv, type CampaignExport } from '../campaigns/campaign-export';

const CSV_COLUMNS = ['platform', 'text', 'characters', 'approved_by', 'approved_at'];

const NOTHING_FOR: Record<Exclude<ApprovalExportFormat, 'csv'>, string> = {
  google_ads: 'No approved line of this link is a Google Ads headline or description. Approve one first, or export as CSV.',
  meta_ads: 'No approved line of this link is a Facebook ad line or an Instagram caption. Approve one first, or export as CSV.',
};

/**
 * The approved lines of a link as a campaign-shaped value, so the ad exporters read them as they
 * read a campaign: lines of one platform are that platform's days in order (the first headline goes
 * with the first primary text), named after the link's title.
 */
function asCampaign(approval: ApprovalDto, lines: Array<ApprovalLineDto & { platform: PlatformId }>, now: Date): CampaignDto {
  const date = utcToday(now);
  const seen = new Map<PlatformId, number>();
  const campaignLines: CampaignLineDto[] = lines.map((l) => {
    const day = seen.get(l.platform) ?? 0;
    seen.set(l.platform, day + 1);
    return {
      id: l.id,
      day,
      date,
      platform: l.platform,
      category: 'adlines',
      generationId: l.id,
      status: 'completed',
      text: l.text,
      edited: false,
      characters: lineLength(l.text, l.platform),
      maxChars: getPlatform(l.platform).maxChars,
    };
  });
  const platforms = [...seen.keys()];
  return {
    id: approval.id,
    occasion: null,
    occasionName: approval.title,
    occasionDate: null,
    startsOn: date,
    days: Math.max(1, ...seen.values()),
    platforms,
    category: null,
    tone: 'bold',
    topic: null,
    brandId: null,
    language: approval.language,
    status: 'completed',
    total: campaignLines.length,
    done: campaignLines.length,
    failed: 0,
    createdAt: approval.createdAt,
    completedAt: null,
    lines: campaignLines,
  };
}

/** A link's approved lines as a file: plain CSV with who approved each, or the campaign exporters' ad columns. */
export function exportApproval(approval: ApprovalDto, format: ApprovalExportFormat, now = new Date()): CampaignExport {
  const approved = approval.lines.filter((l) => l.state === 'approved');
  const day = utcToday(now);
  if (format === 'csv') {
    if (approved.length === 0) throw Errors.conflict('No line of this link is approved yet.');
    const rows = approved.map((l) => [
      l.platform ?? '',
      l.text,
      l.platform ? lineLength(l.text, l.platform) : [...l.text].length,
      l.decidedBy ?? '',
      l.decidedAt ?? '',
    ]);
    return { filename: `genius-lines-approved-${day}.csv`, csv: toCsv(CSV_COLUMNS, rows), omitted: 0 };
  }
  const withPlatform = approved.filter((l): l is ApprovalLineDto & { platform: PlatformId } => l.platform !== null);
  try {
    const file = exportCampaign(asCampaign(approval, withPlatform, now), format);
    return { ...file, filename: `genius-lines-approved-${day}-${format === 'google_ads' ? 'google-ads' : 'meta-ads'}.csv` };
  } catch (err) {
    if (isAppError(err) && err.code === 'CONFLICT') throw Errors.conflict(NOTHING_FOR[format]);
    throw err;
  }
}
