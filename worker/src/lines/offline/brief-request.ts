/**
 * The request part of a brief, taken off before it is read (issue 33): "Nataka bio ya IG ya duka
 * langu la viatu" is about a shoe shop, "#Caption ya harusi yetu" about a wedding, "Need words for
 * our T-shirts: Eldoret fun run" about a fun run, never a brand called "Nataka bio". "Niko na X",
 * "nauza X", "tunauza X", "tuna X" say the subject is X ("Niko na salon ya kusuka Kayole": a
 * braiding salon in Kayole); "langu", "yetu" after a noun say whose it is and are dropped.
 */
const WHAT = String.raw`(?:words?|caption|captions|bio|tagline|taglines|slogan|slogans|quotes?|ad|ads|advert|tangazo|matangazo|maneno|post|posts|lines?|message|ujumbe|nukuu|kauli\s+mbiu|hashtags?)`;
/** Kinds of line a brief may start with and no name does. */
const ONLY_WHAT = String.raw`(?:caption|captions|bio|tagline|taglines|slogan|slogans|quotes?|ad|ads|advert|tangazo|matangazo|nukuu|hashtags?)`;
const PLATFORM = String.raw`(?:ig|insta|instagram|facebook|fb|tiktok|twitter|x|linkedin|whatsapp|status)`;
const ASK = String.raw`(?:nataka|nahitaji|tunataka|tunahitaji|nipe|tupe|naomba|tunaomba|tuandikie|niandikie|andika|nisaidie\s+na|need|want|write(?:\s+(?:me|us))?|give\s+(?:me|us)|looking\s+for|i\s+need|we\s+need|please\s+write|can\s+you\s+write)`;
const KIND_OF = String.raw`(?:(?:a|an|some|short|good|catchy|fun|funny|new|nice|nzuri|fupi|inspirational|motivational|romantic|photo|picture|pic|ig|instagram|fb)\s+)*`;
const LINK = String.raw`(?:\s+(?:ya|la|kwa|za|wa|cha|for|of|on|about|to)\b)?`;
/** What a line should do, said after the kind of line ("caption ya kuchekesha ya", "quote ya kuwatia moyo"). */
const PURPOSE = String.raw`(?:\s+(?:ya|la|za|kwa)\s+(?:kuchekesha|kufurahisha|kuvutia|kutia\s+moyo|kuwatia\s+moyo|kuhamasisha|mapenzi|biashara|kiswahili|sheng))?`;
/** A request at the start: "Nataka bio ya IG ya", "#Caption ya", "Need words for our T-shirts:", "Photo caption for". */
function requestRe(ask: string, what: string): RegExp {
  return new RegExp(
    String.raw`^\s*${ask}#?${KIND_OF}${what}(?:\s+ideas)?${PURPOSE}${LINK}(?:\s+${PLATFORM}${LINK})?(?:\s+(?:our|my)\s+(?:t-?shirts?|posters?|flyers?|banners?|page|shop|business)(?:\s+(?:for|of|about))?)?\s*[:,-]?\s+`,
    'i',
  );
}
/** With a verb of asking, any words asked for; without one, only a kind of line ("Caption ya", not "Words of Life church"). */
const REQUESTS = [requestRe(`${ASK}\\s+`, WHAT), requestRe('', ONLY_WHAT)];

/** A Kiswahili or Sheng opener that says what the subject is: "Niko na", "Nauza", "Tunauza", "Tuna". */
const OPENER =
  /^\s*(?:(?:sisi|mimi)\s+)?(?:niko\s+na|tuko\s+na|nina|tuna|ninauza|nauza|tunauza|tunatoa|natoa|tunauzia|tunaleta|naleta|tunasambaza|nasambaza|nafanya|tunafanya|tunapika|napika|tunaoka|naoka|nashona|tunashona|nasuka|tunasuka)\s+(?=\p{L})/iu;
/** "duka langu la", "salon yetu ya", "harusi yetu": the possessive goes, the particle stays. */
const POSSESSIVE = /\s+(?:langu|letu|yangu|yetu|wangu|wetu|changu|chetu|zangu|zetu|vyangu|vyetu)\b/giu;

/** The language asked for is not part of the subject: "Swahili caption for", "tagline in Kiswahili for", ", Kiswahili slogan please". */
const LANGUAGE = String.raw`(?:ki)?swahili`;
const LANGUAGE_BEFORE = new RegExp(String.raw`\b${LANGUAGE}\s+(?=(?:${WHAT}|version|translation)\b)`, 'gi');
const LANGUAGE_AFTER = new RegExp(String.raw`(\b${WHAT})\s+(?:in|kwa|ya|la)\s+${LANGUAGE}\b(?:\s+(?:please|pls|tafadhali))?`, 'gi');
/** A request after the subject: ", nataka bio ya Instagram", ", bio ya TikTok", ", slogan ya kuchekesha", ", Kiswahili slogan please". */
const REQUEST_END = new RegExp(
  String.raw`\s*[,;.!?–-]\s*(?:${ASK}\s+)?${KIND_OF}(?:${LANGUAGE}\s+)?${WHAT}${PURPOSE}(?:\s+(?:ya|la|kwa|za|for|on)\s+${PLATFORM})?${PURPOSE}(?:\s+(?:in\s+)?${LANGUAGE})?(?:\s+(?:please|pls|plz|tafadhali|kwa\s+kiswahili))?\s*[.!?]*\s*$`,
  'i',
);
/** A greeting or a Sheng opener before the brief ("Niaje,", "Mambo wasee!", "Form ni gani?"). */
const GREETING =
  /^\s*(?:(?:niaje|mambo|sasa|vipi|habari|hey|hi|hello|sema|msee|manze|buda|wasee|wadau|jamani|form\s+ni\s+gani|aje|uko\s+aje|poa)\b[\s,!?.]*)+/i;
/** A person introducing themselves: "Mimi ni mwalimu", "Naitwa Achieng", "Jina langu ni". */
const SELF_INTRO = /^\s*(?:mimi\s+ni|mimi\s+ni\s+m?|naitwa|jina\s+langu\s+ni)\s+(?=\p{L})/iu;

/** One person's work in the first person singular ("peke yangu", "nashona", "nakuja", "nachora"). */
const ONE_AT_WORK =
  /\b(?:peke\s+yangu|nashona|nachora|nasuka|napika|nafundisha|natengeneza|nakuja|nakupeleka|nakuletea|nasafisha|napiga\s+picha|naendesha|nauza\s+\p{L}+\s+kwa\s+mkono)\b/iu;

/** Whether a Kiswahili brief speaks as one person ("Mimi ni nesi", "Naitwa Wanjiku", "niko na YouTube channel"). */
export function swSpeaksAsI(text: string): boolean {
  const t = text.replace(GREETING, '');
  if (SELF_INTRO.test(t) || /^\s*(?:#?\s*(?:bio|caption)\s+ya\s+)?(?:niko\s+na|nina)\s+(?:youtube|tiktok|instagram|ig)\b/i.test(t))
    return true;
  // "Fundi wa kushona peke yangu", "Fundi bomba Kasarani, nakuja saa yoyote": one person at work, never "we".
  if (/\b(?:tu(?:na|ko|me|ta)\p{L}*|sisi|yetu|wetu|letu|chetu|zetu|vyetu|kikundi|kampuni)\b/iu.test(t)) return false;
  return ONE_AT_WORK.test(t);
}

/** The brief without its request words and its opener ("Niko na salon ya kusuka Kayole" -> "salon ya kusuka Kayole"). */
export function stripSwRequest(text: string): string {
  let t = text.replace(GREETING, '');
  // "Write in Kiswahili: a bio for …", "… (in Swahili)": the language asked for goes wherever it is written.
  t = t
    .replace(/\s*\(\s*(?:in|kwa)\s+(?:ki)?swahili\s*\)\s*/gi, ' ')
    .replace(/\s*\b(?:in|into|kwa)\s+(?:ki)?swahili\b(?:\s+(?:please|pls|tafadhali))?\s*[:,–-]?\s*/gi, ' ')
    .trim();
  t = t.replace(LANGUAGE_BEFORE, '').replace(LANGUAGE_AFTER, '$1');
  // "Safari company in Narok, Kiswahili slogan please": the request at the end goes, when something is left.
  const end = REQUEST_END.exec(t);
  if (end && t.slice(0, end.index).trim().length > 2) t = t.slice(0, end.index);
  // "Tunachangisha pesa za matibabu ya…", "tunaomba msaada wa…": a fundraiser for what follows.
  t = t.replace(
    /^\s*(?:tuna|na|wana)?(?:changisha|changa|omba\s+(?:msaada|michango))\s+(?:(?:pesa|fedha|michango|msaada)\s+)?(?:za|ya|wa|kwa)\s+(?:ajili\s+ya\s+)?/iu,
    'Harambee ya ',
  );
  const intro = SELF_INTRO.exec(t);
  if (intro) t = t.slice(intro[0].length);
  // "Kuna tamasha la vichekesho…": "there is" is no part of what the subject is called.
  t = t.replace(/^\s*kuna\s+(?=\p{L}{3,})/iu, '');
  for (let i = 0; i < 2; i++) {
    // Kiswahili requests only ("Nataka bio ya IG ya", "#Caption ya"): English ones are frame.ts's to take off.
    const m = REQUESTS.map((re) => re.exec(t)).find(
      (x) =>
        x !== null &&
        /#|\b(?:ya|la|kwa|za|wa|cha|nataka|nahitaji|tunataka|tunahitaji|nipe|tupe|naomba|tunaomba|tuandikie|niandikie|andika|nisaidie)\b|^\s*(?:inspirational|motivational|romantic|funny|photo|picture|pic)\s/i.test(
          x[0],
        ),
    );
    // Only when something is left to read ("Caption" alone stays as it is).
    if (m && t.slice(m[0].length).trim().length > 2) t = t.slice(m[0].length);
  }
  const o = OPENER.exec(t);
  if (o && t.slice(o[0].length).trim().length > 2) t = t.slice(o[0].length);
  t = t.replace(POSSESSIVE, '');
  return t.replace(/^\s*(?:the|a|an|our|my)\s+(?=\p{L})/iu, (m) => (/^\s*(?:our|my)\s/i.test(m) ? '' : m)).trim();
}
