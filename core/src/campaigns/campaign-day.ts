import type { CategoryId } from '../platform/catalogue';
import { addDays, daysBetween, getOccasion, type OccasionId, type PlatformId } from '../lines';

/**
 * What one campaign line's generation is told about its day (stored on the generation as
 * `campaign`): the worker turns it into an instruction for the model and a lead for the offline
 * writer, so a line on 12 December of a Jamhuri Day campaign is about Jamhuri Day.
 */
export interface CampaignDayBrief {
  campaignId: string;
  /** 0-based day, of `days`. */
  day: number;
  days: number;
  /** The day's date, YYYY-MM-DD. */
  date: string;
  occasion: {
    id: OccasionId;
    name: string;
    theme: string;
    /** Its date (YYYY-MM-DD), or null when not known. */
    date: string | null;
    /** Days from this day to the occasion: > 0 before it, 0 on the day, < 0 after; null without a date. */
    daysTo: number | null;
  } | null;
}

/** Each platform's usual kind of line, when the campaign does not name a category. */
export const PLATFORM_CATEGORY: Record<PlatformId, CategoryId> = {
  instagram_caption: 'captions',
  instagram_bio: 'bios',
  tiktok_bio: 'bios',
  x_bio: 'bios',
  x_post: 'captions',
  linkedin_headline: 'bios',
  facebook_ad_primary: 'adlines',
  facebook_ad_headline: 'adlines',
  google_ads_headline: 'adlines',
  google_ads_description: 'adlines',
  youtube_title: 'taglines',
  sms: 'adlines',
};

/** The brief of day `day` of a campaign. */
export function campaignDayBrief(
  campaign: { id: string; startsOn: string; days: number; occasion: OccasionId | null; occasionDate: string | null },
  day: number,
): CampaignDayBrief {
  const date = addDays(campaign.startsOn, day);
  const occasion = campaign.occasion ? getOccasion(campaign.occasion) : null;
  return {
    campaignId: campaign.id,
    day,
    days: campaign.days,
    date,
    occasion: occasion
      ? {
          id: occasion.id,
          name: occasion.name,
          theme: occasion.theme,
          date: campaign.occasionDate,
          daysTo: campaign.occasionDate ? daysBetween(date, campaign.occasionDate) : null,
        }
      : null,
  };
}
