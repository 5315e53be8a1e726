import { describe, expect, it } from 'vitest';
import { campaignDayBrief } from '@gl/core/server';
import type { OfflineRequest } from './offline/offline-generator';
import { campaignDayInstructions, offlineForCampaignDay, offlineLeads } from './campaign-brief';

const campaign = { id: 'c', startsOn: '2026-12-10', days: 5, occasion: 'jamhuri_day' as const, occasionDate: '2026-12-12' };

describe('a campaign day in the brief', () => {
  it('tells the model the day, the date and where it stands to the occasion', () => {
    expect(campaignDayInstructions(campaignDayBrief(campaign, 0)).join(' ')).toMatch(
      /day 1 of a 5-day campaign, published on Thursday, 10 December 2026.*Jamhuri Day .* is 2 days later, on Saturday, 12 December 2026/,
    );
    expect(campaignDayInstructions(campaignDayBrief(campaign, 2)).join(' ')).toMatch(/That day is Jamhuri Day .*name it/);
    expect(campaignDayInstructions(campaignDayBrief(campaign, 4)).join(' ')).toMatch(/Jamhuri Day .* was 2 days earlier/);
    const plain = campaignDayInstructions(campaignDayBrief({ ...campaign, occasion: null, occasionDate: null }, 1)).join(' ');
    expect(plain).not.toMatch(/Jamhuri/);
    expect(plain).toMatch(/Angle for this day/);
  });

  it('leads offline lines with the occasion, in English or Kiswahili', () => {
    expect(offlineLeads(campaignDayBrief(campaign, 2), 'en')!.full).toBe('Happy Jamhuri Day! ');
    expect(offlineLeads(campaignDayBrief(campaign, 1), 'en')!.full).toBe('Jamhuri Day is tomorrow: ');
    expect(offlineLeads(campaignDayBrief(campaign, 0), 'sw')!.full).toBe('Siku 2 hadi Siku ya Jamhuri: ');
    expect(offlineLeads(campaignDayBrief(campaign, 3), 'sw')!.full).toBe('Bado tunasherehekea Siku ya Jamhuri: ');
  });

  it('asks the offline writer for shorter lines so the lead still fits, and keeps it out of tight limits', () => {
    const asked: OfflineRequest[] = [];
    const writer = (req: OfflineRequest) => {
      asked.push(req);
      return { lines: ['Fresh bread daily'], source: 'fallback' as const };
    };
    const onTheDay = offlineForCampaignDay(writer, campaignDayBrief(campaign, 2));
    expect(onTheDay({ category: 'adlines', tone: 'bold', count: 1, maxChars: 125 }).lines).toEqual([
      'Happy Jamhuri Day! Fresh bread daily',
    ]);
    expect(asked.at(-1)!.maxChars).toBe(125 - 'Happy Jamhuri Day! '.length);
    expect(onTheDay({ category: 'adlines', tone: 'bold', count: 1, maxChars: 30 }).lines).toEqual(['Jamhuri Day: Fresh bread daily']);
    expect(onTheDay({ category: 'adlines', tone: 'bold', count: 1, maxChars: 20 }).lines).toEqual(['Fresh bread daily']);
    expect(offlineForCampaignDay(writer, null)).toBe(writer);
  });
});
