import lines from './content/sw-personal.json' with { type: 'json' };
import { swFact } from './facts-sw';
import type { Frame } from './frame';

/**
 * A person's own moment asked in Kiswahili (issue 33): "#Caption ya harusi yetu Jumamosi hii", "Photo
 * caption for a wedding I MCed last Saturday", "caption ya graduation yangu". Such a brief gets a
 * person's captions (content/sw-personal.json), never a business's ad.
 */
type Occasion = 'anniversary' | 'wedding' | 'wedding-mc' | 'birthday' | 'graduation' | 'moment';
const LINES = lines as unknown as Record<Occasion, string[]>;

const OCCASIONS: [Occasion, RegExp][] = [
  // A wedding anniversary is its own moment, never the wedding day ("Tumeoana rasmi").
  ['anniversary', /\b(?:anniversary|maadhimisho|kumbukumbu\s+ya\s+(?:ndoa|harusi))\b/i],
  ['wedding', /\b(?:harusi|wedding|ndoa)\b/i],
  ['birthday', /\b(?:birthday|bday|siku ya kuzaliwa|(?:ya|wa)\s+kuzaliwa)\b/i],
  ['graduation', /\b(?:graduation|graduated|mahafali|nimehitimu)\b/i],
  ['moment', /\b(?:family|familia|holiday|likizo|trip|vacation|anniversary)\b/i],
];
/** The brief speaks of its own moment: first person, or a caption asked of a photo. */
const OWN =
  /\b(?:I|I'm|I've|my|me|our|we|yetu|yangu|wangu|wetu|langu|nikiwa|tulipo|nili\p{L}+|tuli\p{L}+|mimi|sisi)\b|^\s*#?\s*(?:photo\s+|picture\s+|pic\s+)?caption\b/iu;
/** A business's words: a brief about a trade's event is not a personal caption ("wedding cakes", "harusi packages"). */
const TRADE =
  /\b(?:cakes?|keki|packages?|planner|planning|photographer|photography|venue|ukumbi|hire|rental|catering|decor|shop|duka|services?|huduma|book|bookings?|KSh|bei|perform\w*|shows?|bendi|band|kwaya|choir|crew|kikundi|tunapiga|tunatumbuiza|DJ)\b/i;

export function personalOccasion(frame: Frame): Occasion | null {
  const topic = frame.topic ?? '';
  if (!OWN.test(topic) || TRADE.test(topic)) return null;
  // "Mimi ni DJ wa harusi": a self-introduction is a person's bio, never their own wedding.
  if (/^\s*(?:\p{L}+[,!]?\s+)?(?:mimi\s+ni|sisi\s+ni|naitwa|jina\s+langu\s+ni)\b/iu.test(topic)) return null;
  for (const [occasion, re] of OCCASIONS) {
    if (!re.test(topic)) continue;
    // Someone else's birthday or wedding ("my mother's birthday") is not the writer's own: left to the other lines.
    if (
      /\b(?:mother|mum|mom|mama|dad|father|baba|wife|husband|sister|brother|friend|son|daughter|mwanangu|mtoto|rafiki|dada|kaka|mke|mume|bibi|babu|grandma|grandpa)\b/i.test(
        topic,
      )
    )
      return null;
    if (occasion === 'wedding' && /\b(?:MC|MCed|emcee|mshereheshaji|nilisherehesha)\b/i.test(topic)) return 'wedding-mc';
    return occasion;
  }
  return null;
}

/** The captions for a person's own moment, with the brief's place and (future) date filled in. */
export function personalLines(frame: Frame, occasion: Occasion): string[] {
  const place = frame.places[0] ?? null;
  const dateFact = frame.facts.find((f) => f.type === 'date');
  const date = dateFact ? swFact(dateFact) : null;
  const past = /\b(?:last|iliyopita|jana|yesterday)\b/i.test(frame.topic ?? '');
  const out: string[] = [];
  for (const line of LINES[occasion] ?? []) {
    if (/\{place\}/.test(line) && !place) continue;
    if (/\{Date\}/.test(line) && (!date || past)) continue;
    out.push(line.replace(/\{place\}/g, place ?? '').replace(/\{Date\}/g, date ? date.charAt(0).toUpperCase() + date.slice(1) : ''));
  }
  return out;
}
