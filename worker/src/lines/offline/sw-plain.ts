import type { CategoryId } from '@gl/core';
import { swFactSentence } from './facts-sw';
import type { Frame } from './frame';
import { fromSwahili } from './lexicon';

/**
 * Plain Kiswahili lines built only from parts the writer is sure of (issue 33, precision first): the
 * trade as the brief or the lexicon says it, the name, the place and the facts as written ("Kinu cha
 * posho, Chuka. KSh 5 kwa kilo tu. Lipa kwa M-Pesa."). A person speaks as "mimi" and never as "we";
 * an event and a cause never sell. A line whose part is missing is not written; nothing is guessed.
 */

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The trade in a line: lower case inside a sentence unless it is a name ("YouTube"), never a verb or an English leftover. */
function tradeOf(frame: Frame, t: string | null): string | null {
  if (!t) return null;
  const words = t.split(/\s+/);
  if (words.length > 6 || /\d/.test(t)) return null;
  // A trade of one generic word says nothing ("biashara", "huduma", "kazi").
  if (words.length === 1 && /^(?:biashara|huduma|kazi|bidhaa|kampuni|mtaalamu|hafla|tukio|kampeni)$/i.test(t)) return null;
  // A Kiswahili brief's words must read as Kiswahili or as a word Kenyans keep ("salon", "car wash", "boda boda").
  if (frame.language === 'sw' && /^(?:tuna|tu|na|ni)\p{L}+a$/iu.test(words[0] as string) && !fromSwahili(words[0] as string)) return null;
  return /^\p{Lu}\p{Ll}+(?:\s|$)/u.test(t) && !/^(?:YouTube|TikTok|Instagram)/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t;
}

function factsOf(frame: Frame, speaker: Frame['speaker']): string[] {
  const out: string[] = [];
  const as = speaker === 'person' ? 'person' : speaker === 'event' ? 'event' : speaker === 'cause' ? 'cause' : 'business';
  for (const f of frame.facts) {
    const s = swFactSentence(f, { speaker: as });
    // A person's hours are never "Tuko wazi"; an event's price is never a shop's "tu".
    if (!s || (speaker === 'person' && /^tuko\b/i.test(s))) continue;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** The plain lines for a brief and category (bios without the shop's calls; quotes never); `subject` is the trade in Kiswahili. */
export function swPlainLines(
  frame: Frame,
  category: CategoryId,
  subject: string | null,
  group: boolean,
  weDo: string | null = null,
): string[] {
  if (category === 'quotes') return [];
  const trade = tradeOf(frame, subject);
  // "Tunatengeneza sofa, Kariobangi.": a business that says what it does in its own words keeps them.
  if (weDo) {
    const facts = factsOf(frame, 'business');
    const place = frame.places[0] ?? null;
    const W = cap(weDo);
    const out = [
      place ? `${place}: ${weDo}.${facts[0] ? ` ${facts[0]}` : ''}` : null,
      facts[0] ? `${W}. ${facts[0]}${facts[1] ? ` ${facts[1]}` : ''}` : null,
      place ? `${W}. Karibu ${place}.` : null,
      trade && place ? `${cap(trade)}, ${place}. ${W}.` : null,
    ].filter((l): l is string => l !== null);
    if (!trade) return out;
    return [...out, ...swPlainLines(frame, category, subject, group)];
  }
  if (!trade) return [];
  const place = frame.places[0] ?? null;
  const name = frame.name && !/^(?:msee|niko|mimi|sisi)\b/i.test(frame.name) ? frame.name : null;
  const person = frame.speaker === 'person' && !group;
  const speaker = person ? 'person' : frame.speaker;
  const facts = factsOf(frame, speaker);
  const [f1, f2] = facts;
  const T = cap(trade);
  const at = place ? `, ${place}` : '';
  const out: string[] = [];
  const add = (line: string | null | false | undefined) => {
    if (!line) return;
    const t = line
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,!?])/g, '$1')
      .trim();
    if (!out.includes(t)) out.push(t);
  };
  if (speaker === 'person') {
    add(f1 && `${T}${at}. ${f1}${f2 ? ` ${f2}` : ''}`);
    add(place && `Mimi ni ${trade} wa ${place}.${f1 ? ` ${f1}` : ''}`);
    if (category !== 'bios') add(`Unahitaji ${trade}? Nipigie${place ? `, niko ${place}` : ''}.${f1 ? ` ${f1}` : ''}`);
    add(name && `${name}: ${trade}${at}.${f1 ? ` ${f1}` : ''}`);
    if (category !== 'bios') add(`${T}${at}. Nitumie ujumbe.`);
    return out;
  }
  if (speaker === 'event') {
    const low = (x: string) => (/^(?:Tarehe|Kuanzia|Tiketi|Kiingilio)\b/.test(x) ? x.charAt(0).toLowerCase() + x.slice(1) : x);
    add(f1 && `${T}${at}: ${low(f1).replace(/\.$/, '')}.${f2 ? ` ${f2}` : ''}`);
    add(name && f1 && `${name}: ${trade}${at}. ${f1}`);
    add(f1 && `${f1} ${T}${at}. Usikose!`);
    add(f2 && `${T}${at}. ${f2}`);
    add(place && `Usikose ${trade}, ${place}!${f1 ? ` ${f1}` : ''}`);
    add(`${T}${at}. Karibu wote!`);
    return out;
  }
  if (speaker === 'cause') {
    add(f1 && `${T}${at}. ${f1}${f2 ? ` ${f2}` : ''}`);
    add(name && `${name}: ${trade}${at}.${f1 ? ` ${f1}` : ''}`);
    add(f2 && `${f2} ${T}${at}.`);
    add(`${T}${at}. Karibu wote!`);
    return out;
  }
  // A business: the trade and the place, then its facts as written.
  add(f1 && `${T}${at}. ${f1}${f2 ? ` ${f2}` : ''}`);
  add(name && `${name}: ${trade}${at}.${f1 ? ` ${f1}` : ''}`);
  add(f2 && `${f2} ${T}${at}.`);
  // "Unahitaji fundi bomba?": only a service is needed; a shop, a stall, an event or a campaign is visited or joined.
  const service =
    frame.kind.sells === 'service' && !/^(?:kibanda|duka|maduka|hoteli|soko|kampeni|sherehe|tamasha|mashindano)\b/i.test(trade);
  add(service && f1 && place && `Unahitaji ${trade}? Karibu ${place}. ${f1}`);
  if (category !== 'bios') add(service && !f1 && place && `Unahitaji ${trade}? Karibu ${place}.`);
  return out;
}
