import type { CategoryId, PlatformId } from '@gl/core';
import type { Frame } from './frame';
import type { ExtractiveCandidate } from './brief-clauses';
import { cutFromBrief } from './frame-guard';
import { capitalizeFirst, lineKey } from './text';

/**
 * Plain lines for the message a speaker and a medium ask for (issue 33, raters' classes 2, 3 and
 * 5), English only, built only from sure parts of the frame (its name, subject, places, facts as
 * written, offers that carry a day or a time, the brief's own "for …" audience and "how …" clause):
 *
 * - a LinkedIn headline is a role or offer line: "Industrial scale calibration for dairy
 *   co-operatives | Nakuru", "Dr Amina Yusuf | Paediatric dentist, Nairobi";
 * - an event gives its name, date and what happens: "Nakuru Jazz Night. Saturday 14 March. Tickets
 *   KSh 1,500.";
 * - a church, school or group says its times: "St Paul's Anglican Church Thika: Sunday service
 *   9am, fellowship Friday 5pm. Everyone welcome.";
 * - an app asks to be downloaded: "Download TaskPal. Free on Android and iOS.";
 * - a YouTube title says what the video shows: "How we feed 10,000 fish with a solar pump".
 *
 * They go through the same checks as every other line (offline-generator.ts); they restate the
 * brief's own words, so they are built like its clauses (never two on one clause).
 */
const DAY_OR_TIME =
  /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)\b|\b(?:morning|evening|noon|weekends?|weekdays?)\b/i;

const end = (t: string) => (/[.!?…]$/.test(t) ? t : `${t}.`);

/** The brief's own audience after "for" ("for dairy co-operatives", "for seniors"), when short and plain. */
function forWhom(frame: Frame): string | null {
  const m = /\bfor\s+([a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,3}?)(?=\s+(?:in|at|on|from|across|around)\b|[,.;:]|$)/i.exec(frame.topic ?? '');
  const who = m?.[1]?.trim() ?? null;
  if (!who || (/\b(?:my|me|you|your|the|a|an|only|free|just|all|every|sale|hire|kids'?)\b/i.test(who) && who.split(' ').length === 1))
    return null;
  if (/^(?:my|me|your|you|free|sale|hire|more|less|the|a|an)\b/i.test(who)) return null;
  return who;
}

/** The brief's own first-person clause ("we help families facing eviction", "I build furniture from pallet wood"), up to 12 words. */
export function ownClause(topic: string): string | null {
  const m =
    /(?:^|[,.;:]\s*|\b(?:and|but)\s+)((?:we|i)\s+(?!am\b|'m\b|are\b|is\b|was\b|were\b|have\b|need\b|want\b|can\b|will\b)[a-z]+\b[^.;:!?]*)/i.exec(
      topic,
    );
  if (!m?.[1]) return null;
  let clause = m[1].trim().replace(/,\s*$/, '');
  const comma = clause.indexOf(',');
  if (comma >= 0 && clause.slice(0, comma).split(/\s+/).length >= 3) clause = clause.slice(0, comma);
  if (clause.split(/\s+/).length > 12) return null;
  clause = clause.replace(/\s+(?:in|at) (?:my|our) (?:garage|home|house|kitchen|backyard)\b.*$/i, '').replace(/,\s*step by step$/i, '');
  if (clause.split(/\s+/).length < 3) return null;
  return clause.replace(/^i\b/, 'I').replace(/^We\b/, 'we');
}

/** A clause said from its verb as an -ing phrase ("feed 10,000 fish" -> "Feeding 10,000 fish"), or null when the verb is unsure. */
export function gerund(clause: string): string | null {
  const m = /^([a-z]+)\b(.*)$/i.exec(clause.trim());
  if (!m?.[1]) return null;
  const verb = m[1].toLowerCase();
  if (verb.length < 2 || /(?:ing|[^e]ed|[^s]s)$/.test(verb) || /^(?:the|a|an|my|our|your|to|and|is|are|was|can|will|have|do)$/.test(verb))
    return null;
  const ing = /[^e]e$/.test(verb)
    ? `${verb.slice(0, -1)}ing`
    : /^[^aeiou]*[aeiou][b-df-hj-np-tvz]$/.test(verb) && verb.length <= 4
      ? `${verb}${verb.slice(-1)}ing`
      : `${verb}ing`;
  return `${ing}${m[2] ?? ''}`;
}

/** The name, when the frame has a clean one. */
function nameOf(frame: Frame): string | null {
  const n = frame.name;
  return n && !/^[&|]|[&|:]$/.test(n) && n.split(/\s+/).length <= 6 ? n : null;
}

/** The subject, when it reads as a noun phrase of the brief (no digits, not cut from a longer phrase). */
function subjectOf(frame: Frame): string | null {
  const s = frame.subject?.replace(/^(?:our|my|the|a|an)\s+/i, '') ?? null;
  if (!s || /\d/.test(s) || s.split(/\s+/).length > 6) return null;
  if (/^(?:reminds|helps|lets|makes|gets|is|are|we|i)\b/i.test(s)) return null;
  return s;
}

/** The plain lines a medium and a speaker ask for (see the file's comment). */
export function mediumCandidates(frame: Frame, category: CategoryId, platform: PlatformId | null): ExtractiveCandidate[] {
  if (frame.language !== 'en' || !frame.topic) return [];
  const out: ExtractiveCandidate[] = [];
  const name = nameOf(frame);
  const subject = subjectOf(frame);
  const place = frame.places[0] ?? null;
  const topic = frame.topic;
  const push = (shape: string, text: string | null, clause: string) => {
    if (!text) return;
    const flat = capitalizeFirst(text.replace(/\s+/g, ' ').trim());
    const line = flat.includes('|') ? flat : end(flat);
    const lower = line.toLowerCase();
    const usesFact = frame.facts.some((f) => lower.includes(f.text.toLowerCase()));
    out.push({
      text: line,
      key: lineKey(line),
      base: `medium:${shape}`,
      parts: [],
      usesWord: false,
      composed: true,
      richness: 3,
      named: name !== null && lower.includes(name.toLowerCase()),
      pattern: `medium-${shape}`,
      usesFact,
      tail: false,
      standIn: false,
      onSubject: true,
      clause: `medium:${clause}`,
    });
  };
  const dates = frame.facts.filter((f) => f.type === 'date');
  const price = frame.facts.find((f) => f.type === 'price');
  // Offers that carry a day or a time are sure: a church's or a school's programme ("Sunday service 9am").
  const timed = frame.offers.filter(
    (o) => DAY_OR_TIME.test(o) && o.replace(DAY_OR_TIME, ' ').trim() !== '' && !cutFromBrief(o, topic) && o.split(/\s+/).length <= 5,
  );
  const welcome = /\b(?:everyone|all|newcomers|visitors|families)\s+(?:are\s+)?welcome\b/i.exec(topic)?.[0] ?? null;

  if (platform === 'linkedin_headline' && (frame.speaker === 'person' || frame.speaker === 'business') && subject) {
    const who = forWhom(frame);
    const role =
      who && !subject.toLowerCase().includes(who.toLowerCase()) ? `${capitalizeFirst(subject)} for ${who}` : capitalizeFirst(subject);
    if (place) push('linkedin-role-place', `${role} | ${place}`, 'role');
    if (name && name.toLowerCase() !== subject.toLowerCase())
      push('linkedin-name-role', `${name} | ${role}${place && !role.includes('|') ? `, ${place}` : ''}`, 'name');
  }

  // A subject of one word ("run", "night") is no label for an event.
  const eventLabel = name ?? (subject && subject.split(/\s+/).length >= 2 ? capitalizeFirst(subject) : null);
  if (frame.speaker === 'event' && eventLabel && dates.length > 0) {
    const label = eventLabel;
    const when = dates[0]?.text as string;
    const tickets = price && /\btickets?\b/i.test(topic) ? ` Tickets ${price.text}.` : '';
    push('event-when', `${label}. ${capitalizeFirst(when)}.${tickets}`, 'when');
    const what = frame.offers.filter((o) => !/\btickets?\b/i.test(o) && !cutFromBrief(o, topic) && !/\d/.test(o)).slice(0, 2);
    if (what.length > 0 && what.every((o) => o.split(/\s+/).length <= 3))
      push('event-what', `${label}: ${what.join(' and ')}. ${capitalizeFirst(when)}.`, 'what');
  }

  if (timed.length > 0 && (name || subject)) {
    const label = name ?? capitalizeFirst(subject as string);
    push('programme', `${label}: ${timed.slice(0, 2).join(', ')}.${welcome ? ` ${capitalizeFirst(welcome)}.` : ''}`, 'programme');
  }

  // An app's name, or a subject that is one ("TaskPal app").
  const appName = name ?? (subject && /^\p{Lu}\S*(?:\s\p{Lu}\S*)?\s+app$/u.test(frame.subject ?? '') ? (frame.subject as string) : null);
  if (frame.kind.sells === 'software' && appName && /\b(?:app|android|ios|play store|app store)\b/i.test(topic)) {
    const plainName = appName.replace(/\s+app$/i, '');
    const where = /\bfree on android and ios\b/i.test(topic) ? 'Free on Android and iOS.' : /\bfree\b/i.test(topic) ? 'It’s free.' : null;
    push('app-download', `Download ${plainName}.${where ? ` ${where}` : ''}`, 'download');
    if (where) push('app-get', `Get ${plainName} today.`, 'get');
    const offers = frame.offers.filter((o) => !cutFromBrief(o, topic) && !/\d/.test(o) && o.split(/\s+/).length <= 5).slice(0, 2);
    if (offers.length > 0) push('app-offers', `${plainName}: ${offers.join(', ')}.${where ? ` ${where}` : ''}`, 'offers');
  }

  const own = ownClause(topic);
  if (platform === 'youtube_title') {
    // The brief's own "how …" clause is what the video shows ("how we feed 10,000 fish with a solar pump"),
    // else its first-person clause said as one ("How I build furniture from reclaimed pallet wood").
    const how =
      /\bhow (?:i|we|to)\b(?:[^.:;!?,]|[.,](?=\d)){8,80}/i.exec(topic)?.[0]?.trim() ?? (own ? `how ${own.replace(/^I\b/, 'I')}` : null);
    const doing = how ? gerund(how.replace(/^how (?:i|we|to)\s+/i, '')) : null;
    if (doing) {
      push('video-doing', capitalizeFirst(doing), 'doing');
      if (place && !doing.toLowerCase().includes(place.toLowerCase()))
        push('video-doing-place', `${capitalizeFirst(doing)} | ${place}`, 'doing-place');
    }
    if (how) {
      push('video-how', capitalizeFirst(how), 'how');
      if (place && !how.toLowerCase().includes(place.toLowerCase()))
        push('video-how-place', `${capitalizeFirst(how)} | ${place}`, 'how-place');
      if (/\bstep[- ]by[- ]step\b/i.test(topic) && !/step/i.test(how))
        push('video-steps', `${capitalizeFirst(how)}, step by step`, 'how-steps');
    }
  }
  // A quote is the brief's own first-person sentence, said by its name ("We help families facing eviction. — Haki Clinic").
  if (category === 'quotes' && own && frame.speaker !== 'event') {
    push('quote-own', `${end(capitalizeFirst(own))}${name ? ` — ${name}` : ''}`, 'own');
  }
  return out.filter((c) => c.text.length >= 12);
}
