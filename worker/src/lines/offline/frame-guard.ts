import { isKnownPlace, placesIn } from './places';

/**
 * The checks that keep brief fragments out of the writer's slots (issue 33): a name, an offer or a
 * subject is a noun phrase the brief names, never request words ("bio pls", "caption"), a clause
 * piece ("before schools open", "never miss …"), a pronoun left dangling ("our is …"), a number
 * mashed with a town ("5k Nyeri"), a participle before a town ("Retired Nairobi") or a bare role
 * word ("student"). When unsure, the slot stays empty: an empty slot is a safe line, a wrong one a 0.
 */

/** Words that ask for a line, never part of what the line is about. */
export const REQUEST_WORDS =
  /\b(?:pls|plz|please|caption|captions|headline|headlines|bio|bios|title|titles|vid|vids|video|videos|quote|quotes|tagline|taglines|slogan|slogans|hashtags?|post|posts|reel|reels|sms|dm|youtube|yt|linkedin|tiktok|insta|instagram|ig|fb|facebook|twitter|thread|tweet|blurb|copy|one-?liner)\b/i;
/** Pronouns and determiners: a slot holding one is a clause piece ("our is refill shop"). */
const PRONOUN =
  /\b(?:i|me|my|mine|we|us|our|ours|you|your|yours|he|him|his|she|her|hers|they|them|their|it|its|is|are|was|were|am|be|been|this|that|these|those|who|which|whose)\b/i;
/** Words that open a clause, not a noun phrase ("before schools open", "never lose a sock"). */
const CLAUSE_OPENER =
  /^(?:before|after|when|whenever|until|till|while|if|unless|because|since|so|then|now|never|always|ever|just|also|still|only|even|not|no longer|to|let|lets|let's|don't|dont|stop|start|get|make|come|go|keep|try|tried|find|say|says|said|join|meet|see|watch|grab|book|call|buy|shop|order|visit|bring|enjoy|discover|fix|repair|restore|sell|clean|wash|deliver|install|paint|teach|build|cook|bake|drive|introducing|launching|unveiling|presenting|announcing|celebrating|welcoming|looking|seeking|hiring|recruiting|raising|collecting|need|needs|needed|want|wants|wanted|help|helping|do|does|did|can|could|will|would|should|must|may|might|have|has|had|of|for|with|about|from|by|on|in|at|and|or|but|the|a|an)\b/i;
/** Verbs inside a phrase that make it a clause ("tried every chapati spot", "kids lose socks"). */
const CLAUSE_VERB =
  /\b(?:looking|seeking|hoping|trying|wanting|helping|serving|supporting|doing|needed|wanted|raising|collecting|tried|try|lose|loses|lost|miss|misses|missed|open|opens|reopen|reopens|close|closes|closed|start|starts|begin|begins|end|ends|loves?|loved|hates?|needs?|wants?|makes?|made|gets?|got|goes|went|came|comes|shows?|showed|teaches|learns?|helps?|helped|keeps?|kept|runs|ran|drives|drove|sells|sold|buys|bought|does|did|says|said|thinks|knows|is|are|was|were|will|would|can|could|should)\b/i;
/** A word that says what a person is, with nothing to name them by. */
export const ROLE_WORD =
  /^(?:student|students|pupil|graduate|grad|mum|mom|mother|dad|father|parent|wife|husband|retiree|pensioner|me|myself|person|guy|girl|lady|man|woman|boy|kid|teen|teenager|youth|beginner|newbie|someone|somebody|anyone|everyone|freelancer|employee|worker|intern|volunteer|member|helper|applicant)s?$/i;
/** Participles and adjectives that describe, never name ("Retired Nairobi", "Launching Kyoto", "Proud Kisumu"). */
const DESCRIBING =
  /^(?:retired|launching|introducing|unveiling|presenting|announcing|celebrating|welcoming|proud|new|young|old|local|based|born|raised|best|top|leading|trusted|affordable|reliable|famous|original|authentic|upcoming|aspiring|certified|licensed|experienced|professional|freelance|independent|award-winning|family-run|home-based|now|also|just|former|ex|soon|coming|opening|visiting|living|working|moving|relocating)$/i;

/** Words a noun phrase never ends on: a verb left from "an ale called X", a conjunction, a preposition, a determiner, a vague or fee word. */
const LAST_EDGE =
  /(?:^|\s)(?:called|named|known|supply|supplies|provide|provides|offer|offers|and|or|but|nor|yet|of|for|with|to|from|by|on|in|at|per|the|a|an|our|my|your|their|this|that|these|those|it|them|stuff|things|etc|fee|fees|charge|each|pls|plz|doesnt|dont|isnt|cant|wont|lol|up|off|out|too)$/i;
/** Words a noun phrase never starts with: a verb of trade, a unit, a quantity. */
const FIRST_EDGE =
  /^(?:supply|supplies|provide|provides|offer|offers|pick|picks|hire|hires|per|each|every|person|people|litre|litres|liter|liters|kg|kgs|ml|hour|hours|hr|hrs|minute|minutes|lol|hand|price)\b/i;

export type SlotRole = 'name' | 'offer' | 'subject';

/** Why a slot candidate is refused, or null when it is a clean noun phrase. */
export function slotProblem(candidate: string | null | undefined, role: SlotRole): string | null {
  if (!candidate) return null;
  const t = candidate.trim();
  if (!t) return 'empty';
  // "IT support", "open mic night", "open day": not a pronoun, not a verb.
  const tt = t.replace(/\b[A-Z]{2,}\b/g, 'X').replace(/\bopen[- ](?=mic|day|house|air|market|studio|gym|plan|source|call)/gi, 'open');
  const words = t.split(/\s+/);
  const bare = t.replace(/['’]s$/i, '');
  if (REQUEST_WORDS.test(t)) return 'request word';
  // A slot whose edge is a verb, a conjunction, a preposition, a unit or a fee is a piece of a clause ("ale called", "person per day").
  if (role !== 'name' && (LAST_EDGE.test(t) || FIRST_EDGE.test(t))) return 'edge word';
  if (role !== 'name' && /\bper\b/i.test(t)) return 'unit';
  if (role !== 'name' && /^\d[\d.,]*\s*(?:l|litres?|liters?|kg|kgs|g|ml|pcs|pieces|units|packs?|bags?|crates?)\b/i.test(t))
    return 'quantity';
  if (role !== 'name' && /(?:^|\s)(?:page|account|channel|handle|profile|feed)$/i.test(t)) return 'medium word';
  if (role !== 'name' && /^\p{L}{1,2}$/u.test(t)) return 'fragment';
  if (
    role === 'name' &&
    /^(?:campaign|petition|event|launch|sale|shop|business|brand|company|project|service|services|page|store|product|fundraiser|drive)$/i.test(
      t,
    )
  )
    return 'category word';
  if (role !== 'name' && PRONOUN.test(tt)) return 'pronoun';
  // A describing word alone ("hand-poured", "aspiring pilot" as an offer) is not a thing sold.
  if (role === 'offer' && (/^[\p{L}]+-[\p{L}]+ed$/u.test(t) || DESCRIBING.test(words[0] ?? ''))) return 'describing word';
  if (
    role === 'offer' &&
    words.length === 1 &&
    /^(?:raw|fresh|organic|local|pure|natural|unfiltered|cheap|affordable|quality|handmade|homemade|new|used|original|genuine|entry|admission|trial|trials|one|two|three|four|five|six|ten)$/i.test(
      t,
    )
  )
    return 'describing word';
  // A lone proper noun is a place or a name the gazetteer lacks ("Limerick"), never a thing sold.
  if (role === 'offer' && words.length === 1 && /^\p{Lu}\p{Ll}/u.test(t)) return 'proper noun';
  // A name may hold "The" ("The Alchemist") but never a pronoun or a verb of being.
  if (
    role === 'name' &&
    /\b(?:i|me|my|we|us|our|you|your|they|their|is|are|was|were|am|who|which)\b/i.test(t.replace(/^(?:Our Lady|Your)\b/, ''))
  )
    return 'pronoun';
  // A verb that is also a noun ("book drive", "paint shop", "call centre") opens a clause only before its object ("book a table").
  const nounVerb = /^(?:book|call|order|shop|visit|drive|paint|help|watch|start|wash|cook)\b/i.exec(t);
  if (nounVerb && words.length > 1 && !/^\S+\s+(?:a|an|the|your|our|my|us|me|it|them|now|today|here|in|up|out|by|on|with|and)\b/i.test(t)) {
    // a noun here; go on
  } else if (CLAUSE_OPENER.test(tt) && !(role === 'name' && /^(?:The|A|An)\s+\p{Lu}/u.test(t))) return 'clause';
  if (words.length > 1 && CLAUSE_VERB.test(tt) && role !== 'name') return 'verb';
  if (words.length > 1 && /\b(?:now|also|again|currently|still|already)\b/i.test(t)) return 'clause';
  if (role === 'name' && words.length > 1 && /\b(?:tried|lose|miss|reopen|loves|needs|wants|teaches|drives|shows)\b/i.test(t))
    return 'verb';
  // A number with a town or a unit ("5k Nyeri", "2k Ruiru next", "19"): a count or an age, not a name.
  if (role === 'name' && (/^\d/.test(t) || /^\p{N}+$/u.test(bare))) return 'number';
  if (/^\d+(?:k|km|m)?\b/i.test(t) && words.slice(1).some((w) => isKnownPlace(w) || /^(?:next|this|last)$/i.test(w)))
    return 'number and town';
  // "Retired Nairobi", "Launching Kyoto": a word describing before a town names nothing.
  if (
    words.length >= 2 &&
    DESCRIBING.test(words[0] ?? '') &&
    (isKnownPlace(words.slice(1).join(' ')) || placesIn(words.slice(1).join(' ')).length > 0)
  )
    return 'describing word and town';
  if (role === 'name' && words.length >= 2 && DESCRIBING.test(words[0] ?? '')) return 'describing word';
  if (ROLE_WORD.test(bare)) return 'role word';
  if (role === 'subject' && words.length === 1 && DESCRIBING.test(t)) return 'describing word';
  if (role === 'name' && words.length >= 2 && ROLE_WORD.test(words[0] ?? '') && words.slice(1).every((w) => isKnownPlace(w)))
    return 'role word';
  // A name of only lower-case words is a phrase the reader took for one ("bring your own jars").
  if (role === 'name' && !/\p{Lu}|\d/u.test(t)) return 'lower case';
  return null;
}

/** A subject cut where a clause starts inside it ("charity walk raising funds": "charity walk"). */
export function cutClause(text: string): string {
  let s = text;
  // "retired mechanic restoring old Land Rovers": a person's trade, then what they do.
  const agent =
    /^(.*?\b(?:[\p{L}-]+(?:er|or|ist|ian|ic|ant)|nurse|chef|cook|guide|mum|mom|dad|grandma|granny|student))\s+\p{L}+ing\s+\S/iu.exec(s);
  if (agent?.[1] && agent[1].split(/\s+/).length <= 3) s = agent[1];
  const cut = s.split(
    /\s+(?=(?:before|after|when|until|till|while|so|because|never|who|that|which|raising|collecting|looking|seeking|hoping|trying|helping|serving|supporting|doing|offering|providing|now|to|needed|wanted|needs|need|is|are|wants)\b)/i,
  )[0];
  return cut?.trim() ?? s;
}

/** Whether a candidate can go in a slot. */
export function cleanSlot(candidate: string | null | undefined, role: SlotRole): boolean {
  return slotProblem(candidate, role) === null;
}

/**
 * A launch of a named product ("Introducing Marrakesh, our new cedar diffuser", "Launching Osaka —
 * our new candle"): the product's name and what it is. The name is what follows the verb, never the
 * verb with it, and never a place although it may be spelt like one.
 */
export function launchOf(text: string): { name: string; what: string; rest: string } | null {
  const m =
    /^\s*(?:introducing|launching|unveiling|presenting|announcing|meet|say hello to|welcome)\s+((?:\p{Lu}[\p{L}'’&.-]*\s*){1,4}?)\s*[,:–—-]\s*(?:(?:our|my|the|a|an)\s+)?(?:(?:brand[- ])?new\s+|latest\s+|first\s+)?([^,.;:!]+?)\s*(?=[,.;:!]|$)(.*)$/iu.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return null;
  const name = m[1].trim();
  const what = m[2].trim();
  if (!/^\p{Lu}/u.test(name) || what.split(/\s+/).length > 6) return null;
  return { name, what, rest: m[3] ?? '' };
}

/** Request words taken off wherever the brief writes them ("need a caption for my …", "X bio pls", "…, for our IG"). */
const LINE_WORD = String.raw`(?:captions?|bios?|headlines?|titles?|taglines?|tag\s+lines?|slogans?|quotes?|ads?|adverts?|ad\s+lines?|posts?|blurbs?|descriptions?|one-?liners?|lines?|words|copy|text|message|status)`;
const CHANNEL = String.raw`(?:sms|text|whatsapp|radio|youtube|yt|tiktok|ig|insta(?:gram)?|linkedin|facebook|fb|twitter|x|pinterest|google|billboard|poster|flyer|banner|email|newsletter|podcast|shop|website|menu|upwork|fiverr|behance|dribbble|github|etsy|jumia|blog)`;
const MEDIUM_NOUN = String.raw`(?:vid|video|videos|channel|page|account|handle|profile|reel|reels|post|posts|feed|story|stories|shop window|wall|door|sign|signboard|banner|poster|flyer|menu|website|site|mugs?|t-?shirts?|tees|stickers?)`;

const HEAD_REQUEST = new RegExp(
  String.raw`^\s*(?:(?:hi|hey|hello|yo|ok|okay|so|pls|please|plz)[\s,!]+)*(?:(?:i|we)\s+(?:really\s+)?(?:need|want|would like)\s+|need\s+|want\s+|(?:pls|please|plz|kindly)\s+(?:write|give|make)(?:\s+(?:me|us))?\s+|write\s+(?:me\s+|us\s+)?|give\s+(?:me|us)\s+|can\s+(?:you|u)\s+(?:write|give|make|do)(?:\s+(?:me|us))?\s+)?(?:an?\s+|some\s+|the\s+)?(?:(?:short|catchy|good|new|fun|funny|cute|snappy|punchy|clever|nice)\s+)*(?:${CHANNEL}\s+)?${LINE_WORD}(?:\s+ideas)?\s+(?:for|about|on|to\s+put\s+on)\s+(?:(?:me|us)\b\s*[:,\-–—]?\s*)?(?:(?:the\s+)?(?:${CHANNEL}|${MEDIUM_NOUN})\s+(?:of|for)\s+)?(?:(?:my|our|the)\s+(?:new\s+)?(?:${CHANNEL}\b\s*)?(?:${MEDIUM_NOUN}\b)?\s*(?:of|for)?\s*)?`,
  'i',
);

/** "pottery page", "chapati vid": what the page or video is about, without the medium word. */
const MEDIUM_TAIL = new RegExp(
  String.raw`\b((?:my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(?:${CHANNEL}\s+)?(?:vid|video|channel|page|account|handle|profile)\b`,
  'giu',
);
/** "sourdough bio pls", "gym caption", "hardware slogan:": a line word closing a clause. */
const TAIL_REQUEST = new RegExp(
  String.raw`(?<!\b(?:free|get|a|your|an|instant|fast|quick|same-day|online))\s+(?:${CHANNEL}\s+)?(?:captions?|bios?|headlines?|taglines?|slogans?|ad\s+lines?|one-?liners?|quotes?|titles?|posts?|ad)(?:\s+(?:pls|plz|please|needed|ideas|asap))?(?=\s*(?:[,.:;!?]|$))`,
  'gi',
);

/** The brief without its request words, wherever they are; `person`: the request is for me ("bio for me", "headline for me"). */
export function stripEnRequest(text: string): { text: string; forMe: boolean } {
  let t = text;
  let forMe = false;
  for (let i = 0; i < 2; i += 1) {
    const m = HEAD_REQUEST.exec(t);
    if (m && m[0].trim() && /\p{L}{3}/u.test(t.slice(m[0].length))) {
      if (/\bfor\s+me\b|\b(?:bio|headline)\s+for\s+my\b/i.test(m[0])) forMe = true;
      t = t.slice(m[0].length).replace(/^[\s,:;\-–—]+/, '');
    }
  }
  // "pottery page", "chapati vid" right after the request: what the page is about.
  if (t !== text)
    t = t.replace(
      /^((?:[\p{L}'’-]+\s+){0,2}[\p{L}'’-]+)\s+(?:(?:ig|insta|instagram|tiktok|youtube|fb|facebook)\s+)?(?:page|account|channel|handle|profile|vid|video)\b/iu,
      '$1',
    );
  t = t.replace(MEDIUM_TAIL, '$1');
  // "before and after photos for my …", "our is a …" (ours is a …): what follows is the subject.
  t = t
    .replace(
      /^\s*(?:before[- ]and[- ]after|bts|behind[- ]the[- ]scenes|progress)\s+(?:photos?|pics?|shots?|videos?|reels?)\s+(?:for|of|from)\s+(?:my|our|the)\s+/i,
      '',
    )
    .replace(/^\s*(?:(?:our|ours|my|mine)\s+)?(?:is|are)\s+(?:(?:a|an|the)\s+)?/i, '')
    .replace(
      /^\s*(?:need|want)\s+(?:a\s+)?(?:tagline|slogan|caption|bio|headline)s?(?:\s+(?:asap|pls|please|urgently))?[!.:,\s-]+(?:(?:my|our)\s+)?/i,
      '',
    );
  // "quote for a motivational poster at our gym in Mombasa": the poster is the medium; the gym is the subject.
  t = t.replace(
    /^\s*(?:(?:(?:a|an|some)\s+)?(?:quote|quotes|caption|slogan|tagline|words?|lines?)\s+for\s+)?(?:a|an|the|our|my)\s+(?:[\p{L}-]+\s+)?(?:poster|banner|flyer|sign|wall|t-?shirts?|mugs?|mural)\s+(?:at|in|for|of)\s+(?=(?:our|my|the)\s+\p{L})/iu,
    '',
  );
  t = t.replace(TAIL_REQUEST, '');
  t = t.replace(/^\s*[,:;\-–—]+\s*/, '').trim();
  return { text: t || text, forMe };
}

/** A person speaks: a bio for me, "I am", an age, "retired <job>", "mum who…", "<job> from <town>" in a bio. */
export function personSignals(raw: string, rest: string, bio: boolean): boolean {
  const t = raw.toLowerCase();
  if (/\b(?:i\s+am|i'm|im|i've|ive|my\s+name\s+is|about\s+me|for\s+me\b|me:)/.test(t) || /^\s*i\s+[a-z]+/.test(t)) return true;
  if (/(?:^|[:,]\s*)\d{2}\s*(?:,|yo\b|y\/o|years?\s+old)/u.test(raw) || /\b\d{2}\s*(?:yo|y\/o|years?\s+old)\b/.test(t)) return true;
  if (/^\s*(?:a\s+)?retired\s+\p{L}+/iu.test(rest)) return true;
  if (
    /^\s*(?:an?\s+)?(?:mum|mom|mother|dad|father|grandma|granny|grandpa|wife|husband|student|graduate|teen|retiree|pensioner|freelancer)\b/iu.test(
      rest,
    )
  )
    return true;
  if (bio && /^\s*(?:an?\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?\s+from\s+\p{Lu}/u.test(rest)) return true;
  return false;
}

/** A business speaks: "we/our" with a trade, or a named shop. */
export function businessSignals(raw: string): boolean {
  return /\b(?:we|our|us)\b/i.test(raw) && !/\b(?:i\s+am|i'm|bio\s+for\s+me)\b/i.test(raw);
}

/** What happens on a day: a tournament, a night, a run, a camp, a show, a launch. */
export const HAPPENING =
  /\b(?:tournament|night|nights|run|walk|ride|cycle|hike|swim|camp|bootcamp|show|showcase|launch|launch party|fair|festival|fest|concert|gala|party|meetup|meet-up|workshop|masterclass|class|screening|exhibition|expo|open day|open mic|jam|quiz|hackathon|marathon|race|cruise|match|derby|tour|trip|retreat|conference|summit|webinar|bazaar|market day|sale|clinic day|sports day|prize-giving|graduation|reunion|wedding|baby shower|birthday party)$/i;
/**
 * The brief's single most distinctive short phrase, in its own words (≤ 6 words, whole on its own):
 * "while you wait", "same day", "bring your own jars", "overnight so you stay open", "4 days",
 * "free for kids". Null when the brief has none.
 */
export function hookOf(text: string, facts: { text: string; type: string }[]): string | null {
  const t = text.replace(/\s+/g, ' ');
  const cut = (s: string) => {
    const w = s
      .trim()
      .replace(/[.,;:!?]+$/, '')
      .split(/\s+/);
    return w.length <= 6 ? w.join(' ') : null;
  };
  const first = (res: RegExp[]): string | null => {
    for (const re of res) {
      const m = re.exec(t);
      const c = m ? cut(m[0]) : null;
      if (c) return c;
    }
    return null;
  };
  // 1. The odd detail that makes the business itself.
  const odd = first([
    /^(?:never|no more|no longer|say goodbye to|forget|stop)\s+[^,.;:!?]{3,40}?(?=\s+(?:with|using|thanks to|—|-)\s|[,.;:!?]|$)/i,
    /\bwhile[- ]you[- ]wait\b/i,
    /\bsame[- ]day(?:\s+(?:delivery|service|repairs?|results|call[- ]?outs?))?\b/i,
    /\bbring your own\s+[\p{L}-]+(?:\s+(?:and|&)\s+[\p{L}-]+)?/iu,
    /\b(?:overnight|after hours|at night|on sundays|on weekends|before dawn|early)\b[^,.;]{0,30}?\s+so\s+(?:you|your\s+\w+)\s+(?:can\s+)?\w+(?:\s+(?:open|on|running|working|going|dry|clean|fresh|safe|warm))?/i,
    /\bso\s+(?:that\s+)?(?:you|your\s+\w+)\s+(?:can\s+)?(?:stay|keep|get|sleep|never|always)\b(?:\s+(?:open|on|running|working|going|dry|clean|fresh|safe|warm|\w+ing))?/i,
    /\b(?:we|i)\s+come\s+to\s+(?:you|your\s+[\p{L}-]+)\b/iu,
    /\b(?:free|no charge)\s+for\s+(?:kids|children|under-?\d+s?|students|seniors|members|women|girls|everyone)\b/i,
    /\bno\s+(?:call[- ]out\s+fee|deposit|appointment needed|appointment|booking needed|experience needed|experience required|joining fee|hidden fees|cover charge|entry fee)\b/i,
    /\b(?:pay|paid)\s+(?:what you can|as you go|after)\b(?:\s+\w+)?/i,
    /\bopen\s+(?:late|24\/7|all night|on sundays|every day|daily)\b/i,
    /\b24\/7\b/,
    /\b(?:in|within|under)\s+(?:\d+|an?|one|two|three|ten|thirty|fifteen|twenty)\s+(?:minutes?|mins?|hours?|hrs?)\b/i,
    /\b(?:overnight|next[- ]day)(?:\s+(?:delivery|service|repairs?|turnaround))?\b/i,
    /\b(?:\d+|one|two|three|four|five|six|seven|ten|fourteen|thirty)[- ](?:days?|nights?|weeks?|hours?)(?=[\s,.;!]|$)(?:\s+(?:course|camp|programme|program|trip|safari|retreat|tour|bootcamp|turnaround|delivery|service|response|guarantee|warranty))?/i,
    /\bfree\s+(?:delivery|entry|admission|first\s+\w+|trial(?:\s+(?:class|lesson|session|month|week))?|quotes?|tasting|samples?|wi-?fi|parking|consultations?|check-?ups?)\b(?:\s+(?:for|on|over|above)\s+(?:(?:all\s+)?orders?|purchases?|anything)\s+(?:of|over|above|from)\s+[^,.;!]{1,24}?(?=\s*(?:[,.;!]|$)))?/i,
    /\b(?:hand-?(?:made|poured|stitched|painted|carved|woven|sewn|built|picked|ground|rolled)(?:\s+(?!(?:in|at|by|for|from|and|with|on|to|since)\b)[\p{L}-]+){0,2}|made to order|made by hand|from scratch|small[- ]batch|home-?made|family[- ]run|women[- ]led|by appointment only|walk-ins welcome)\b/iu,
    /\bsince\s+(?:19|20)\d\d\b/i,
  ]);
  if (odd) return odd;
  const fact = facts.find((f) => ['duration', 'perk'].includes(f.type));
  return fact ? cut(fact.text) : null;
}

/** "… and honey flavours": a head the offer shares with the next word ("strawberry" is a flavour, not a product). */
const SHARED_HEAD =
  /^\s*(?:,\s*\p{L}+\s*)*(?:,?\s+(?:and|&|or)\s+)\p{L}+\s+(?:flavou?rs?|colou?rs?|sizes?|scents?|styles?|types?|kinds?|varieties|options?|versions?|editions?|blends?|packs?|models?|shades?)\b/iu;

/**
 * Whether an English offer is a fragment cut from the brief rather than a noun phrase it names
 * (issue 33): the head of "a roll of film" ("roll"), a modifier sharing a head ("strawberry" of
 * "strawberry and honey flavours"), the object of "of" ("buildings" of "free of new buildings"), the
 * tail of a longer name ("De Janeiro" of "Rio de Janeiro"), a quantifier's noun ("all sizes"), a verb
 * opening a clause ("sign at the chief's office", "design to installation", "track contributions").
 */
export function cutFromBrief(offer: string, topic: string | null | undefined): boolean {
  const o = offer.trim();
  if (!o || !topic) return false;
  if (/^(?:all|any|some|more|most|many|few|every|each|other)\b/i.test(o)) return true;
  // "camera tested", "beans roasted weekly": a participle after the noun makes it a clause.
  if (
    o
      .split(/\s+/)
      .slice(1)
      .some((w) => /^\p{L}{3,}ed$/u.test(w) && !/(?:need|seed|bed|feed|reed|speed|weed)$/i.test(w))
  )
    return true;
  // "days during back" (of "7 days during back to school"): a phrase with a preposition of time inside is a clause piece.
  if (/\s(?:during|before|after|until|till|while)\s/i.test(o)) return true;
  const esc = o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = new RegExp(`(^|[^\\p{L}])${esc}(?=$|[^\\p{L}])`, 'iu').exec(topic);
  if (!at) return false;
  const before = topic.slice(0, at.index + at[1]!.length);
  const after = topic.slice(at.index + at[0].length);
  const single = !/\s/.test(o);
  if (/^\s+of\b/i.test(after)) return true;
  // "walk-ins welcome", "materials included": the offer is the subject of a clause, not a thing sold.
  if (/^\s+(?:welcome|included|only|available|accepted|allowed)\b/i.test(after)) return true;
  if (single && SHARED_HEAD.test(after)) return true;
  if (/\bof\s+(?:\p{L}+\s+)?$/iu.test(before)) return true;
  if (/\p{Lu}\p{L}*\s+$/u.test(before) && /^\p{Lu}/u.test(o) && !/^(?:The|A|An|Our|My)\s+$/.test(before.slice(-4))) return true;
  // A verb opening its clause: "sign at …", "design to …", "syncs with …", "track contributions on …".
  const clauseStart = /(?:^|[,;:.!?]\s*|\s[-–—]\s*)$/.test(before);
  if (clauseStart && /^\s+(?:at|to|with|on|into|from|your|my|our|the|a|an)\b/i.test(after) && (single || /^\p{Ll}/u.test(o))) {
    if (single && /s$/i.test(o) && !/^\s+with\b/i.test(after)) return false;
    return true;
  }
  return false;
}
