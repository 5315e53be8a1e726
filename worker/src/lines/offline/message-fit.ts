import type { CategoryId, PlatformId, Tone } from '@gl/core';
import type { Frame } from './frame';
import { contentWords, speaksAsOne, stem } from './grounding';

/**
 * The right speaker and the right kind of message for the medium (issue 33, raters' classes 2, 3
 * and 5), English only. A line is refused when:
 *
 * - it makes a person's bio a brand ("Call us today", "our team", "All things Tomas", "Less noise.
 *   More Tomas K.", "Welcome to …", "Another happy customer");
 * - it sells an app as goods or a shop ("Order … today", "Call us today", "Visit us");
 * - it talks like a shop or a client business for an event, a school or a church ("Another happy
 *   customer", "Call us today");
 * - it is a stock tail that says nothing of the brief and is the whole line once the name, subject
 *   and place are taken out ("Shamba Log. Do your best work.", "Mwangi Auto Spares, always.");
 * - it is a quote (the quotes category, or a motivational / inspirational / minimalist /
 *   corporate tone) about nothing of the brief ("Every day is a new start. — Soko Fresh");
 * - it does not suit its platform: a social line as a search ad headline ("Tag a friend"), a
 *   slogan or a call as a LinkedIn headline ("Light. Timing. Memories.", "DMs open."), a bio as a
 *   YouTube title ("I'm a content creator."), an SMS without a fact, an offer or a call, the bare
 *   name as a whole line.
 */
export interface MessageContext {
  platform: PlatformId | null;
  category: CategoryId;
  tone: Tone;
  /** The matched kind's own stems when the kind is sure (grounding.ts): a restaurant's quote may say "eat". */
  kindWords?: ReadonlySet<string> | null;
}

/** A brand's words a person's bio never says. */
const BRAND_TALK =
  /\b(?:call us|contact us|visit us|our team|our (?:shop|store|company|firm|business|brand)|all things\b|less noise\.|welcome to|another happy customer|proudly serving|get our|shop now|in stock|new stock|your home away from home|we've got you|trusted by)\b/i;

/** A shop's or a client business's words an app never says ("Order log trip today", "Call us today"). */
const APP_SHOP_TALK =
  /\b(?:call us|order (?:\S+ ){0,3}(?:today|now)|order now|shop now|in stock|visit (?:us|the shop)|drop by|come (?:and )?see us|another happy customer|walk in|drive in|your brand)\b/i;

/** A shop's words an event, school, church or cause never says. */
const EVENT_SHOP_TALK = /\b(?:call us today|another happy customer|shop now|in stock|get our|order (?:now|today)|your brand)\b/i;

/** Sentences that say nothing of any brief: a line made only of them (and the name, subject, place) is empty. */
const STOCK_SENTENCE =
  /^(?:do your best work|less,? but better|simply|always|with care|made well|made with care|made for moments like this|a little love from .+|say hello to .+|welcome to .+|done out of love for the place we call home|make today count|every day is a new start|start where you are|make it count|good work takes time|care is in the little things|good things take time|good people make time|do it well,? and do it with care|little things,? done well,? make the whole|it just works|made well,? made to last|still the best|always there|quiet|clean|yours|do more|click less|get your brand today|visit your brand|your brand|moments,? kept|light|timing|memories|the best|the one|nothing more|nothing less|that's it|enough said|for you|for everyone|since day one|and more|just (?:the )?(?:good|best) (?:stuff|things)|right here|easy|nearby|local|made well|ask for .+|choose .+|no,? really|good news|made simple|honest|near you|honest and simple|now with extra awesome|made for you|meet .+|proudly .+|here for .+)$/i;

/** Self-help sentences with a slot: about no brief, whatever fills them ("Every Sunday service 9am starts with a dream."). */
const SELF_HELP =
  /\b(?:starts? with a dream|choosing joy|choosing growth|finding light in every season|growing toward the sun|the version of you that wins|a week of good intentions|wish for .+\. work for it|is a story told in|begins? with someone who|is a second home|beginning of every great discovery|someone who believed|behind every good .+ is someone who cares)\b/i;

/** Talk that belongs to a social post, never to a search ad's headline. */
const SOCIAL_TALK =
  /\b(?:tag (?:a|your) (?:friend|mate|bestie)|bring a friend|tell a friend|dms? (?:open|me|us)|\bdm\b|link in bio|say hello|say hi|double tap|swipe|comment (?:below|if)|who's (?:coming|in)|see you there|follow (?:us|me|along)|share this|hello|welcome|love from)\b/i;

/** A bio's or a videographer's line that never titles a video. */
const NOT_A_TITLE =
  /^(?:i'm|i am|my youtube channel|content creator|videographer\b|on set today|now editing|filmed this|made with love for everyone)|\b(?:book your date|dm me|message me|for a quote|content creator in|showreel|link in bio|cat videos|scrolled past|tell your mum|making the internet|powered by content creators|my drone|the vows|wedding video|corporate films|film it)\b/i;

/** A line's sentences, without emoji, hashtags or the closing attribution ("— Soko Fresh"). */
function sentencesOf(text: string): string[] {
  return text
    .replace(/#[\p{L}\p{N}_]+/gu, ' ')
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, ' ')
    .replace(/\s+[—–-]\s+[^.!?]+$/u, '')
    .split(/(?<=[.!?])\s+|:\s+/)
    .map((s) => s.replace(/[.!?…:,;]+$/u, '').trim())
    .filter(Boolean);
}

/** The words of the brief that say who or what it is: the name, subject and places (never a message on their own). */
function labelWords(frame: Frame, withSubject = true): Set<string> {
  const out = new Set<string>();
  const subject = withSubject ? [frame.subject ?? '', frame.kind.noun.en] : [];
  for (const t of [frame.name ?? '', ...subject, ...frame.places]) for (const w of contentWords(t)) out.add(stem(w));
  return out;
}

/** Whether a sentence is only the brief's label (name, subject, place) or a stock sentence. */
function emptySentence(sentence: string, labels: Set<string>): boolean {
  if (STOCK_SENTENCE.test(sentence)) return true;
  // "Shamba Log, with care.": each part of the sentence the label or a stock phrase.
  const parts = sentence.split(/,\s+|\s+[—–]\s+/);
  if (parts.length > 1) return parts.every((p) => emptySentence(p, labels));
  const words = contentWords(sentence).map(stem);
  return words.length > 0 && words.every((w) => labels.has(w));
}

/** The brief's own words that say something (its topic's content words, the label words aside). */
function messageWords(frame: Frame): Set<string> {
  const labels = labelWords(frame);
  const out = new Set<string>();
  for (const w of contentWords(frame.topic ?? '')) {
    const s = stem(w);
    if (!labels.has(s) && s.length >= 3) out.add(s);
  }
  return out;
}

/** Whether a line names one of the brief's facts (as written). */
function carriesFact(text: string, frame: Frame): boolean {
  const lower = text.toLowerCase();
  return frame.facts.some((f) => lower.includes(f.text.toLowerCase()));
}

/** Whether the line says one thing of the brief beyond its label: a fact, an offer, a word of its own. */
function saysSomething(text: string, frame: Frame, kindWords?: ReadonlySet<string> | null): boolean {
  if (carriesFact(text, frame) || /\d/.test(text)) return true;
  const own = messageWords(frame);
  const labels = labelWords(frame);
  return contentWords(text)
    .map(stem)
    .some(
      (w) =>
        own.has(w) ||
        (kindWords?.has(w) === true && !labels.has(w)) ||
        (!labels.has(w) && frame.offers.some((o) => contentWords(o).map(stem).includes(w))),
    );
}

/** The tones the raters find weakest: a line in them says something true of the brief. */
const WEAK_TONES: ReadonlySet<Tone> = new Set<Tone>(['minimalist', 'corporate', 'motivational', 'inspirational']);

/** A call that ends a line ("Call us today.", "Send us a message.", "DMs open."). */
const CALL_END =
  /(?:^|[.!?]\s+)(?:call|send|message|dm|dms|get in touch|contact|book|order|visit|drop by|come|whatsapp|reach out|say hello|tell a friend|bring a friend|join us|open to new projects)\b[^.!?]*[.!?]?$/i;

/** A line no brief wants, even to fill an answer: a self-help line with a slot, the neutral "your brand". */
export function emptyTemplate(text: string): boolean {
  return SELF_HELP.test(text) || /\byour brand\b/i.test(text);
}

/** Whether an English line is the wrong speaker or the wrong kind of message for its medium (see the file's comment). */
export function wrongMessage(text: string, frame: Frame, ctx: MessageContext): boolean {
  return wrongSpeaker(text, frame) || misfit(text.trim(), frame, ctx);
}

/**
 * Whether an English line speaks as the wrong speaker (a person's bio as a brand, an app as a shop,
 * an event as a client business) or is a template about no brief ("your brand", a self-help line
 * with a slot): never offered, not even on a repeat.
 */
export function wrongSpeaker(text: string, frame: Frame): boolean {
  const line = text.trim();
  // The template writer's neutral noun is never printed for a brief ("Your brand. Calm by design.").
  if (/\byour brand\b/i.test(line)) return true;
  const person = frame.speaker === 'person' || speaksAsOne(frame);
  if (person && BRAND_TALK.test(line)) return true;
  // A tram driver or a dentist has no "project" to talk about: a freelancer's call only where the brief is one.
  if (
    person &&
    /\b(?:let's talk about your project|open to new projects)\b/i.test(line) &&
    !/\b(?:freelance|projects?|clients?|hire me)\b/i.test(frame.topic ?? '')
  )
    return true;
  // "Less noise. More Tomas K.": a person's name is no product to have more of.
  if (person && frame.name && new RegExp(`\\bmore ${frame.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(line)) return true;
  if (frame.kind.sells === 'software' && APP_SHOP_TALK.test(line)) return true;
  if ((frame.speaker === 'event' || frame.speaker === 'cause' || /school|church/.test(frame.kind.id)) && EVENT_SHOP_TALK.test(line))
    return true;
  return false;
}

/** The medium's and the weak tones' checks: a line that fails them is kept aside (offered only once repeats have shown the others). */
function misfit(line: string, frame: Frame, ctx: MessageContext): boolean {
  if (SELF_HELP.test(line)) return true;
  // A brief that is only a name ("Nimbus Tea") has nothing else to say: its lines are judged by the other checks.
  const material = messageWords(frame).size > 0 || frame.facts.length + frame.offers.length > 0;
  if (!material) return mediumMisfit(line, frame, ctx, sentencesOf(line));
  const sentences = sentencesOf(line);
  const names = labelWords(frame, false);
  // A line of stock sentences and the brief's name and place only ("Shamba Log, with care.", "Nakuru Jazz Night.").
  if (sentences.length > 0 && sentences.every((s) => emptySentence(s, names)) && !carriesFact(line, frame)) return true;
  // A line of the name and words true of anything ("Shamba Log. Right here. Calm."): nothing of the brief but its name.
  const lower = line.toLowerCase();
  const hasSubject = frame.subject !== null && lower.includes(frame.subject.toLowerCase().replace(/^(?:our|my|the|a|an)\s+/, ''));
  const nameAndPlace =
    frame.name !== null && lower.includes(frame.name.toLowerCase()) && frame.places.some((p) => lower.includes(p.toLowerCase()));
  const short = sentences.every((s) => contentWords(s).filter((w) => !names.has(stem(w))).length <= 2);
  const call = /^(?:download|get|visit|try|join|register|book|sign up)\b/i.test(line);
  // Judged where such lines hurt most: the weak tones, quotes, and the headline and SMS platforms.
  const plain =
    WEAK_TONES.has(ctx.tone) ||
    ctx.category === 'quotes' ||
    (ctx.platform !== null && ['google_ads_headline', 'facebook_ad_headline', 'linkedin_headline', 'sms'].includes(ctx.platform));
  if (plain && frame.name !== null && !hasSubject && !nameAndPlace && short && !call && !saysSomething(line, frame)) return true;
  // A stock sentence beside the subject says nothing either ("Hanok Stay. Quiet. Clean. Yours.", "Less, but better. Tram driver.").
  const labels = labelWords(frame);
  if (sentences.some((s) => STOCK_SENTENCE.test(s)) && sentences.every((s) => emptySentence(s, labels)) && !carriesFact(line, frame))
    return true;
  // A quote, or a line in a weak tone, about nothing of the brief ("Every day is a new start. — Soko Fresh").
  const quoted = /\s[—–]\s+[^.!?]+$/u.test(line);
  if ((ctx.category === 'quotes' || quoted || WEAK_TONES.has(ctx.tone)) && quoted) {
    const body = line.replace(/\s[—–]\s+[^.!?]+$/u, '');
    const says = carriesFact(line, frame) || saysSomething(body, frame, ctx.kindWords);
    if (!says || sentences.every((s) => STOCK_SENTENCE.test(s))) return true;
  }
  return mediumMisfit(line, frame, ctx, sentences);
}

/** Whether a line is the wrong kind of message for its platform. */
function mediumMisfit(line: string, frame: Frame, ctx: MessageContext, sentences: string[]): boolean {
  switch (ctx.platform) {
    case 'google_ads_headline':
    case 'facebook_ad_headline':
    case 'google_ads_description':
      // A search or ad headline is a plain offer: no social talk, no rhetorical question.
      if (SOCIAL_TALK.test(line) || /\btoday at\b|\bthis week at\b/i.test(line)) return true;
      break;
    case 'linkedin_headline':
      // A role or offer line: never a call, a slogan of one-word sentences, a social line.
      if (CALL_END.test(line) || SOCIAL_TALK.test(line)) return true;
      if (sentences.filter((s) => s.split(/\s+/).length === 1).length >= 2) return true;
      if (/\b(?:kept|yours|always|simply)\.?$/i.test(line) && !saysSomething(line, frame)) return true;
      break;
    case 'youtube_title':
      if (NOT_A_TITLE.test(line)) return true;
      break;
    case 'sms':
      // One short message: the key fact or the offer, never a mood line.
      if (messageWords(frame).size > 0 && !saysSomething(line, frame, ctx.kindWords) && !carriesFact(line, frame)) return true;
      if (/\b(?:another happy customer|made for moments|a little love)\b/i.test(line)) return true;
      break;
    default:
      break;
  }
  return false;
}
