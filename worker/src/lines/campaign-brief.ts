import type { CampaignDayBrief } from '@gl/core/server';
import type { OccasionId } from '@gl/core';
import type { OfflineRequest, OfflineResult } from './offline/offline-generator';

/**
 * How a campaign line's day and occasion reach the writers: an instruction for the AI models, and
 * a lead for the offline writer's lines ("Happy Jamhuri Day! …", "3 days to Black Friday: …"), so
 * a line written for 12 December of a Jamhuri Day campaign is about Jamhuri Day whoever writes it.
 */

/** A different angle for each day, so a week of posts does not say the same thing seven times. */
const ANGLES = [
  'announce it',
  'show one clear benefit',
  'tell a tiny story or a customer moment',
  'make an offer or give a reason to act now',
  'remind and build anticipation',
  'ask the audience a question',
  'say thank you and invite them back',
] as const;

const dateLabel = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The lines of the prompt's task that place the line in its campaign (our words, never the customer's). */
export function campaignDayInstructions(brief: CampaignDayBrief): string[] {
  const lines = [`This line is the post for day ${brief.day + 1} of a ${brief.days}-day campaign, published on ${dateLabel(brief.date)}.`];
  const o = brief.occasion;
  if (o && o.daysTo === 0) {
    lines.push(
      `That day is ${o.name} (${o.theme}): the line must celebrate or sell for ${o.name} and name it, for example a ${o.name} greeting or a ${o.name} offer.`,
    );
  } else if (o && o.daysTo !== null && o.daysTo > 0) {
    lines.push(
      `${o.name} (${o.theme}) is ${plural(o.daysTo, 'day')} later, on ${dateLabel(o.date!)}: build up to it and name it (a countdown, an early offer).`,
    );
  } else if (o && o.daysTo !== null && o.daysTo < 0) {
    lines.push(`${o.name} (${o.theme}) was ${plural(-o.daysTo, 'day')} earlier: follow it up and name it (thanks, a last chance).`);
  } else if (o) {
    lines.push(`The campaign is for ${o.name} (${o.theme}): the line must fit ${o.name} and name it.`);
  }
  lines.push(`Angle for this day: ${ANGLES[brief.day % ANGLES.length]}.`);
  return lines;
}

const SW_NAMES: Record<OccasionId, string> = {
  madaraka_day: 'Siku ya Madaraka',
  mashujaa_day: 'Siku ya Mashujaa',
  jamhuri_day: 'Siku ya Jamhuri',
  eid_al_fitr: 'Idd-ul-Fitr',
  christmas: 'Krismasi',
  new_year: 'Mwaka Mpya',
  black_friday: 'Black Friday',
  back_to_school: 'Kurudi shuleni',
  valentines_day: 'Siku ya Wapendanao',
};

const EN_GREETINGS: Partial<Record<OccasionId, string>> = {
  christmas: 'Merry Christmas! ',
  eid_al_fitr: 'Eid Mubarak! ',
  black_friday: 'Black Friday is here: ',
  back_to_school: 'Back to school: ',
};
const SW_GREETINGS: Partial<Record<OccasionId, string>> = {
  eid_al_fitr: 'Idd Mubarak! ',
  black_friday: 'Black Friday imefika: ',
  back_to_school: 'Kurudi shuleni: ',
};
const SHOPPING: ReadonlySet<OccasionId> = new Set(['black_friday', 'back_to_school', 'valentines_day']);

/** The offline writer's lead for a day: the full one, and a short one (the occasion's name) for tight limits. */
export function offlineLeads(brief: CampaignDayBrief, language: string): { full: string; short: string } | null {
  const o = brief.occasion;
  if (!o) return null;
  const sw = language === 'sw';
  const name = sw ? SW_NAMES[o.id] : o.name;
  const short = `${name}: `;
  let full = short;
  if (o.daysTo === 0) full = (sw ? SW_GREETINGS[o.id] : EN_GREETINGS[o.id]) ?? (sw ? `Heri ya ${name}! ` : `Happy ${name}! `);
  else if (o.daysTo === 1) full = sw ? `${name} ni kesho: ` : `${name} is tomorrow: `;
  else if (o.daysTo !== null && o.daysTo > 1 && o.daysTo <= 30)
    full = sw ? `Siku ${o.daysTo} hadi ${name}: ` : `${o.daysTo} days to ${name}: `;
  else if (o.daysTo !== null && o.daysTo < 0 && o.daysTo >= -14) {
    if (sw) full = `Bado tunasherehekea ${name}: `;
    else full = SHOPPING.has(o.id) ? `${name} offers continue: ` : `Still celebrating ${name}: `;
  }
  return { full, short };
}

/** Room the offline writer needs after a lead for a line worth reading. */
const MIN_ROOM = 16;

/**
 * The offline writer, for a campaign line: its lines start with the day's lead, and are asked
 * that much shorter so the whole line still fits. Without an occasion (a plain run of dates), or
 * when not even the short lead leaves room, the writer is used as it is.
 */
export function offlineForCampaignDay(
  offline: (req: OfflineRequest) => OfflineResult,
  brief: CampaignDayBrief | null | undefined,
): (req: OfflineRequest) => OfflineResult {
  if (!brief?.occasion) return offline;
  return (req) => {
    const leads = offlineLeads(brief, req.language ?? 'en');
    const max = req.maxChars ?? Number.POSITIVE_INFINITY;
    const lead = !leads ? '' : max - leads.full.length >= MIN_ROOM ? leads.full : max - leads.short.length >= MIN_ROOM ? leads.short : '';
    if (!lead) return offline(req);
    const result = offline({ ...req, maxChars: Number.isFinite(max) ? max - lead.length : undefined });
    return { ...result, lines: result.lines.map((line) => `${lead}${line}`) };
  };
}
