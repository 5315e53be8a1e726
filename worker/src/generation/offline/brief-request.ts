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
/** A request at the start: "Nataka bio ya IG ya", "#Caption ya", "Need words for our T-shirts:", "Photo caption for". */
function requestRe(ask: string, what: string): RegExp {
  return new RegExp(
    String.raw`^\s*${ask}#?${KIND_OF}${what}(?:\s+ideas)?${LINK}(?:\s+${PLATFORM}${LINK})?(?:\s+(?:our|my)\s+(?:t-?shirts?|posters?|flyers?|banners?|page|shop|business)(?:\s+(?:for|of|about))?)?\s*[:,-]?\s+`,
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

/** The brief without its request words and its opener ("Niko na salon ya kusuka Kayole" -> "salon ya kusuka Kayole"). */
export function stripSwRequest(text: string): string {
  let t = text;
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
