/**
 * Facts in Kiswahili (issue 33): the finders for facts a Kiswahili or Sheng brief writes ("kuanzia
 * KSh 800", "kila Jumapili", "Jumatatu hadi Jumamosi", "ndani ya saa moja", "tunaleta bure", "saa
 * kumi na moja asubuhi"), and the Kiswahili of a fact an English brief writes ("KSh 500 a week" ->
 * "KSh 500 kila wiki", "every Thursday" -> "kila Alhamisi", "6am" -> "saa kumi na mbili asubuhi",
 * "within 48 hours" -> "ndani ya saa 48"), or null when it cannot be said in Kiswahili.
 */
export type SwFactType = 'price' | 'goal' | 'hours' | 'duration' | 'date' | 'payment' | 'perk' | 'record';

const SW_DAYS = '(?:Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili)';
const SW_MONTHS = '(?:Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba)';
const SW_HOUR = '(?:moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|kumi(?:\\s+na\\s+(?:moja|mbili))?|\\d{1,2})';
const SW_PERIOD = '(?:asubuhi|mchana|jioni|usiku|alfajiri)';
const SW_NUMBER = '(?:\\d+|moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|kumi|ishirini|thelathini|arobaini(?:\\s+na\\s+nane)?|nusu)';
const SW_MONEY = String.raw`(?:KSh|Kshs?|KES|Ksh\.|Sh\.?|Tsh|TZS|UGX)\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?(?:k|K)\b)?`;

/** Finders for facts written in Kiswahili, run before the English ones. */
export const SW_FACT_FINDERS: { type: SwFactType; re: RegExp }[] = [
  { type: 'goal', re: new RegExp(String.raw`\blengo(?:\s+(?:ni|letu\s+ni))?\s*:?\s+${SW_MONEY}`, 'gi') },
  {
    type: 'price',
    re: new RegExp(String.raw`${SW_MONEY}(?:\s?\/-)?\s+(?:kwa|kila)\s+(?:mwezi|wiki|siku|mtu|kilo|sahani|saa|kipindi|usiku|mwaka)\b`, 'gi'),
  },
  {
    type: 'hours',
    re: new RegExp(
      String.raw`\b${SW_DAYS}\s+(?:hadi|mpaka)\s+${SW_DAYS}\b(?:,?\s+saa\s+${SW_HOUR}(?:\s+${SW_PERIOD})?\s+(?:hadi|mpaka)\s+saa\s+${SW_HOUR}(?:\s+${SW_PERIOD})?)?`,
      'gi',
    ),
  },
  {
    type: 'hours',
    re: new RegExp(
      String.raw`\b(?:kuanzia\s+)?saa\s+${SW_HOUR}(?:\s+na\s+nusu)?\s+${SW_PERIOD}(?:\s+(?:hadi|mpaka)\s+saa\s+${SW_HOUR}(?:\s+na\s+nusu)?\s+${SW_PERIOD})?`,
      'gi',
    ),
  },
  {
    type: 'hours',
    re: new RegExp(
      String.raw`\bkila\s+(?:siku|asubuhi|jioni|usiku|wiki|mwezi|wikendi|${SW_DAYS})\b|\bsaa\s+24\b|\bmchana\s+na\s+usiku\b`,
      'gi',
    ),
  },
  { type: 'date', re: new RegExp(String.raw`\b(?:${SW_DAYS}|wikendi|wiki|mwezi)\s+(?:hii|huu|ijayo|ujao)\b`, 'gi') },
  { type: 'date', re: new RegExp(String.raw`\btarehe\s+\d{1,2}(?:\s+${SW_MONTHS})?\b|\b\d{1,2}\s+${SW_MONTHS}\b`, 'gi') },
  {
    type: 'duration',
    re: new RegExp(
      String.raw`\bndani\s+ya\s+(?:saa|dakika|siku|wiki)\s+${SW_NUMBER}\b|\bndani\s+ya\s+nusu\s+saa\b|\bukisubiri\b|\bsiku\s+hiyo\s+hiyo\b`,
      'gi',
    ),
  },
  {
    type: 'perk',
    re: /\b(?:tunaleta|tunakuletea|tunafikisha|delivery|usafirishaji|kiingilio|ushauri|ukaguzi|wi-?fi|maegesho|makadirio)\s+(?:ni\s+)?bure\b|\bhakuna\s+ada\s+ya\s+(?:kuja|kujiunga|usafiri)\b/gi,
  },
  // What a product has none of ("haijaongezwa sukari wala maji", "bila preservatives", "no sugar added"): a perk, never an offer to sell.
  {
    type: 'perk',
    re: /\b(?:haija(?:ongezwa|changanywa|wekwa)(?:\s+na)?|haina|hazina|haitumii|hatutumii|hatuweki|bila)\s+(?!shaka\b|malipo\b|wasiwasi\b)[\p{L}-]+(?:\s+(?:wala|na|au)\s+(?:[\p{L}-]+))?(?:\s+(?:kali|yoyote|zozote|iliyoongezwa|zilizoongezwa|za\s+kemikali|ya\s+kuongeza|za\s+kuongeza|ya\s+ziada))?|\b(?:no\s+(?:added\s+)?(?:sugar|preservatives|additives|chemicals|artificial\s+\w+|salt|msg)(?:\s+added)?|(?:sugar|gluten|dairy|chemical|preservative)[- ]free)\b/giu,
  },
  // An entry fee ("kiingilio KSh 300", "entry ni mia mbili"): said as an entry fee, in shillings.
  {
    type: 'price',
    re: new RegExp(
      String.raw`\b(?:kiingilio|entry|tiketi|ticket)\s+(?:ni\s+|:\s*)?(?:${SW_MONEY}|(?:mia|elfu)\s+(?:moja|mbili|tatu|nne|tano|sita|saba|nane|tisa)(?:\s+na\s+(?:mia\s+)?(?:moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|hamsini))?|mia|thao|soo|jirongo|\d+\s?(?:bob|\/-))`,
      'giu',
    ),
  },
  // A price said in words after what it is for ("fade ni mia tatu", "bei ni elfu moja", "plate ni thao").
  {
    type: 'price',
    re: /\b\p{L}{3,}\s+ni\s+(?:(?:mia|elfu)\s+(?:moja|mbili|tatu|nne|tano|sita|saba|nane|tisa)(?:\s+na\s+(?:mia\s+)?(?:moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|hamsini))?|thao|soo)\b/giu,
  },
  { type: 'payment', re: /\blipa\s+(?:kwa|na|kupitia)\s+m-?pesa\b|\b(?:paybill|till)(?:\s+(?:no\.?|number|namba))?\s+\d{5,7}\b/gi },
];

const NUM_WORDS: Record<string, string> = {
  one: 'moja',
  two: 'mbili',
  three: 'tatu',
  four: 'nne',
  five: 'tano',
  six: 'sita',
  seven: 'saba',
  eight: 'nane',
  nine: 'tisa',
  ten: 'kumi',
  twelve: 'kumi na mbili',
  fifteen: 'kumi na tano',
  twenty: 'ishirini',
  thirty: 'thelathini',
  forty: 'arobaini',
  fifty: 'hamsini',
  sixty: 'sitini',
  ninety: 'tisini',
  a: 'moja',
  an: 'moja',
};
const HOUR_WORDS = ['', 'moja', 'mbili', 'tatu', 'nne', 'tano', 'sita', 'saba', 'nane', 'tisa', 'kumi', 'kumi na moja', 'kumi na mbili'];
const DAY: Record<string, string> = {
  mon: 'Jumatatu',
  tue: 'Jumanne',
  wed: 'Jumatano',
  thu: 'Alhamisi',
  fri: 'Ijumaa',
  sat: 'Jumamosi',
  sun: 'Jumapili',
};
const MONTH: Record<string, string> = {
  jan: 'Januari',
  feb: 'Februari',
  mar: 'Machi',
  apr: 'Aprili',
  may: 'Mei',
  jun: 'Juni',
  jul: 'Julai',
  aug: 'Agosti',
  sep: 'Septemba',
  oct: 'Oktoba',
  nov: 'Novemba',
  dec: 'Desemba',
};
const UNIT: Record<string, string> = {
  minute: 'dakika',
  min: 'dakika',
  hour: 'saa',
  hr: 'saa',
  day: 'siku',
  week: 'wiki',
  month: 'mwezi',
};
const PER: Record<string, string> = {
  week: 'kila wiki',
  month: 'kwa mwezi',
  day: 'kwa siku',
  night: 'kwa usiku',
  kilo: 'kwa kilo',
  kg: 'kwa kilo',
  person: 'kwa mtu',
  head: 'kwa mtu',
  plate: 'kwa sahani',
  hour: 'kwa saa',
  session: 'kwa kipindi',
  class: 'kwa darasa',
  year: 'kwa mwaka',
  couple: 'kwa wawili',
  pair: 'kwa wawili',
  child: 'kwa mtoto',
  litre: 'kwa lita',
};

function dayOf(word: string): string | null {
  return DAY[word.toLowerCase().slice(0, 3)] ?? null;
}

/** "6am" -> "saa kumi na mbili asubuhi", "7:30pm" -> "saa moja na nusu usiku", "noon" -> "saa sita mchana". */
export function swTime(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (t === 'noon') return 'saa sita mchana';
  if (t === 'midnight') return 'saa sita usiku';
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s?(am|pm|a\.m\.|p\.m\.)?$/.exec(t);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  const pm = m[3]?.startsWith('p');
  if (m[3] && h === 12) h = pm ? 12 : 0;
  else if (pm) h += 12;
  if (h > 23 || min > 59) return null;
  const sw = HOUR_WORDS[(h + 6) % 12 || 12] as string;
  const period = h >= 5 && h < 12 ? 'asubuhi' : h >= 12 && h < 16 ? 'mchana' : h >= 16 && h < 19 ? 'jioni' : 'usiku';
  const minutes = min === 0 ? '' : min === 30 ? ' na nusu' : min === 15 ? ' na robo' : ` na dakika ${min}`;
  return `saa ${sw}${minutes} ${period}`;
}

/** A number of units ("one hour" -> "saa moja", "48 hours" -> "saa 48", "30 minutes" -> "dakika 30"). */
function amountOf(num: string, unit: string): string | null {
  const u = UNIT[unit.toLowerCase().replace(/s$/, '')];
  if (!u) return null;
  const n = num.toLowerCase();
  if (/^half an?$/.test(n)) return u === 'saa' ? 'nusu saa' : null;
  const sw = /^\d+$/.test(n) ? n : NUM_WORDS[n];
  if (!sw) return null;
  // "mwezi mmoja", "miezi miwili": only a number for months.
  if (u === 'mwezi') return /^\d+$/.test(n) ? `miezi ${n}` : n === 'one' || n === 'a' ? 'mwezi mmoja' : null;
  return `${u} ${sw}`;
}

/** Hours as Kiswahili: days, times, "to" -> "hadi", "every" -> "kila"; null when a word is left over. */
function hoursSw(text: string): string | null {
  const t = text.trim();
  if (/^24\/7$/.test(t)) return '24/7';
  if (/^24\s?hours?(?:\s+a\s+day)?$/i.test(t)) return 'saa 24';
  if (/^round[- ]the[- ]clock$/i.test(t)) return 'mchana na usiku';
  const open: Record<string, string> = {
    'open late': 'hadi usiku',
    'open daily': 'kila siku',
    'open every day': 'kila siku',
    'open all night': 'usiku kucha',
    'open on sundays': 'hata Jumapili',
    'open on sunday': 'hata Jumapili',
    'open on weekends': 'hata wikendi',
    'open on weekend': 'hata wikendi',
  };
  if (open[t.toLowerCase()]) return open[t.toLowerCase()] as string;
  let out = t
    .replace(/\b(\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|noon|midnight|\d{1,2}[:.]\d{2})/gi, (m) => swTime(m) ?? m)
    .replace(/\s?(?:-|–|to|through|till|until)\s?/gi, ' hadi ')
    .replace(/\b(?:every|on)\s+(weekends?|weekdays)\b/gi, (_, w: string) => (/weekend/i.test(w) ? 'kila wikendi' : 'siku za kazi'))
    .replace(/\bevery\b/gi, 'kila')
    .replace(/\bon\b/gi, '')
    .replace(/\band\b/gi, 'na')
    .replace(/\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/gi, (m) => dayOf(m) ?? m)
    .replace(/^from\s+/i, 'kuanzia ')
    .replace(/\s+/g, ' ')
    .trim();
  // "Every Saturday and Sunday": "kila Jumamosi na Jumapili".
  if (/^(?:Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili)$/.test(out) && /s$/i.test(t)) out = `kila ${out}`;
  return /\b(?!saa|kila|hadi|na|nusu|robo|dakika|asubuhi|mchana|jioni|usiku|wikendi|siku|za|kazi|kuanzia|moja|mbili|tatu|nne|tano|sita|saba|nane|tisa|kumi|Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili)[A-Za-z]{2,}\b/.test(
    out,
  )
    ? null
    : out;
}

function dateSw(text: string): string | null {
  const t = text.trim();
  const rel = /^(this|next)\s+(\w+)$/i.exec(t);
  if (rel) {
    const next = (rel[1] as string).toLowerCase() === 'next';
    const w = (rel[2] as string).toLowerCase();
    if (w === 'weekend') return next ? 'wikendi ijayo' : 'wikendi hii';
    if (w === 'week') return next ? 'wiki ijayo' : 'wiki hii';
    if (w === 'month') return next ? 'mwezi ujao' : 'mwezi huu';
    const d = dayOf(w);
    return d ? `${d} ${next ? 'ijayo' : 'hii'}` : null;
  }
  // "10 to 12 June", "10-12 June": a range of days in one month ("tarehe 10 hadi 12 Juni").
  const range = /^(?:from\s+)?(\d{1,2})(?:st|nd|rd|th)?\s*(?:to|-|–|until|till)\s*(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)\.?$/i.exec(
    t,
  );
  if (range) {
    const m = MONTH[(range[3] as string).toLowerCase().slice(0, 3)];
    if (m) return `tarehe ${range[1]} hadi ${range[2]} ${m}`;
  }
  let day: string | null = null;
  let rest = t.replace(/^(?:on|this|next)\s+/i, '');
  const lead = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+/i.exec(rest);
  if (lead) {
    day = dayOf(lead[1] as string);
    rest = rest.slice(lead[0].length);
  }
  const dm = /^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)\.?(?:,?\s+(\d{4}))?$/i.exec(rest) ?? null;
  const md = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?$/i.exec(rest);
  const num = dm ? dm[1] : md ? md[2] : null;
  const month = dm ? dm[2] : md ? md[1] : null;
  const year = dm ? dm[3] : md ? md[3] : undefined;
  const m = month ? MONTH[month.toLowerCase().slice(0, 3)] : undefined;
  if (!num || !m) return null;
  return `${day ? `${day}, ` : ''}tarehe ${num} ${m}${year ? ` ${year}` : ''}`;
}

function durationSw(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (/^while[- ]you[- ]wait$/.test(t)) return 'ukisubiri';
  if (/^same[- ]day delivery$/.test(t)) return 'tunaleta siku hiyo hiyo';
  if (/^same[- ]day(?:\s+\w+)?$/.test(t)) return 'siku hiyo hiyo';
  if (/^next[- ]day delivery$/.test(t)) return 'tunaleta kesho yake';
  const within = /^(?:in|within|under|in under|in less than)\s+(half an?|\w+)\s+(\w+)$/.exec(t);
  if (within) {
    const a = amountOf(within[1] as string, within[2] as string);
    return a ? `ndani ya ${a}` : null;
  }
  const course = /^(\w+)[- ](minute|hour|day|week|month)s?\s+(course|programme|program|class|bootcamp|turnaround|delivery)$/.exec(t);
  if (course) {
    const a = amountOf(course[1] as string, course[2] as string);
    if (!a) return null;
    const what = course[3] as string;
    if (what === 'turnaround' || what === 'delivery') return `tayari ndani ya ${a}`;
    return `${what === 'class' ? 'darasa la' : 'kozi ya'} ${a}`;
  }
  return null;
}

const PERKS: [RegExp, string][] = [
  [/^no call[- ]out (?:fee|charge)s?$/i, 'hakuna ada ya kuja'],
  [/^(?:free delivery|free shipping|we deliver|delivery (?:included|available))$/i, 'tunaleta bure'],
  [/^free wi-?fi$/i, 'Wi-Fi bure'],
  [/^free parking$/i, 'maegesho bure'],
  [/^free consultations?$/i, 'ushauri bure'],
  [/^free quotes?$/i, 'makadirio bure'],
  [/^free (?:installation|fitting)$/i, 'tunafunga bure'],
  [/^free first lesson$|^(?:your\s+)?(?:first|1st) lesson (?:is\s+)?(?:free|on us)$/i, 'somo la kwanza bure'],
  [/^free first class$|^(?:your\s+)?(?:first|1st) class (?:is\s+)?(?:free|on us)$|^free trial class$/i, 'darasa la kwanza bure'],
  [/^free first session$|^(?:your\s+)?(?:first|1st) session (?:is\s+)?(?:free|on us)$/i, 'kipindi cha kwanza bure'],
  [/^free first visit$|^(?:your\s+)?(?:first|1st) visit (?:is\s+)?(?:free|on us)$/i, 'ziara ya kwanza bure'],
  [/^(?:your\s+)?(?:first|1st) (?:month) (?:is\s+)?(?:free|on us)$/i, 'mwezi wa kwanza bure'],
  [/^(?:your\s+)?(?:first|1st) (?:wash|cut) (?:is\s+)?(?:free|on us)$/i, 'ya kwanza ni bure'],
  [/^free assessment$/i, 'tathmini bure'],
  [/^free check-?ups?$/i, 'uchunguzi bure'],
  [/^free samples?$/i, 'sampuli bure'],
  [/^free (?:entry|admission)$/i, 'kiingilio bure'],
  [/^free tasting$/i, 'kuonja bure'],
  [/^free for (?:kids|children)$/i, 'watoto bure'],
  [/^free for members$/i, 'wanachama bure'],
  [/^(?:money[- ]back|satisfaction) guarantee$/i, 'pesa yako inarudi usiporidhika'],
  [/^no hidden (?:fees|charges)$/i, 'hakuna ada zilizofichwa'],
  [/^no booking fee$/i, 'hakuna ada ya kuweka nafasi'],
  [/^no deposit$/i, 'bila amana'],
  [/^no contract$/i, 'bila mkataba'],
  [/^no joining fee$/i, 'hakuna ada ya kujiunga'],
  [/^deliver(?:s|y)? (?:countrywide|nationwide)$|^delivery (?:countrywide|nationwide)$/i, 'tunaleta kote nchini'],
  [/^comes? to (?:your|you)(?:\s+\w+)?$/i, 'tunakufuata ulipo'],
];

const NO_ADDED: [RegExp, string][] = [
  [/^no\s+(?:added\s+)?sugar(?:\s+added)?$|^sugar[- ]free$/i, 'bila sukari iliyoongezwa'],
  [/^no\s+(?:added\s+)?preservatives(?:\s+added)?$|^preservative[- ]free$/i, 'bila kemikali za kuhifadhi'],
  [/^no\s+(?:added\s+)?(?:additives|chemicals)$|^chemical[- ]free$/i, 'bila kemikali'],
  [/^no\s+(?:added\s+)?salt(?:\s+added)?$/i, 'bila chumvi iliyoongezwa'],
  [/^no\s+msg$/i, 'bila MSG'],
  [/^gluten[- ]free$/i, 'bila gluteni'],
  [/^dairy[- ]free$/i, 'bila maziwa'],
];

function perkSw(text: string): string | null {
  const t = text.trim();
  for (const [re, sw] of NO_ADDED) if (re.test(t)) return sw;
  // A Kiswahili brief's own words ("haijaongezwa sukari wala maji", "bila preservatives") are kept as written.
  if (/^(?:haija\p{L}*|haina|hazina|haitumii|hatutumii|hatuweki|bila)\b/iu.test(t)) return t;
  for (const [re, sw] of PERKS) if (re.test(t)) return sw;
  const year = /^(\d+|one|two|three|five|ten)[- ](year|month)\s+(guarantee|warranty)$/i.exec(t);
  if (year) {
    const n = /^\d+$/.test(year[1] as string) ? year[1] : NUM_WORDS[(year[1] as string).toLowerCase()];
    return `dhamana ya ${(year[2] as string).toLowerCase() === 'year' ? 'miaka' : 'miezi'} ${n}`;
  }
  const off = /^(\d{1,3})\s?(?:%|percent|per cent)\s+off\b/i.exec(t);
  if (off) return `punguzo la ${off[1]}%`;
  return null;
}

function recordSw(text: string): string | null {
  const t = text.trim();
  const years = /^(over\s+|more than\s+)?(\w+)\+?\s+years?(?:'|’)?\s+(?:of\s+)?experience$/i.exec(t);
  if (years) {
    const n = /^\d+$/.test(years[2] as string) ? years[2] : NUM_WORDS[(years[2] as string).toLowerCase()];
    return n ? `uzoefu wa ${years[1] ? 'zaidi ya ' : ''}miaka ${n}` : null;
  }
  const since = /^since\s+(\d{4})$/i.exec(t);
  if (since) return `tangu ${since[1]}`;
  const served = /^([\d,]+)\+?\s+(?:happy\s+)?(clients|customers|students|patients|members|families|weddings|homes)\b/i.exec(t);
  if (served) {
    const what: Record<string, string> = {
      clients: 'wateja',
      customers: 'wateja',
      students: 'wanafunzi',
      patients: 'wagonjwa',
      members: 'wanachama',
      families: 'familia',
      weddings: 'harusi',
      homes: 'nyumba',
    };
    return `${what[(served[2] as string).toLowerCase()]} ${served[1]}+`;
  }
  return null;
}

const UNITS_SW: Record<string, number> = { moja: 1, mbili: 2, tatu: 3, nne: 4, tano: 5, sita: 6, saba: 7, nane: 8, tisa: 9, hamsini: 50 };
/** "mia mbili" -> 200, "elfu moja na mia tano" -> 1500, Sheng "thao" -> 1000, "soo" -> 100; null when not such a number. */
export function swAmount(text: string): number | null {
  const t = text.trim().toLowerCase();
  const sheng: Record<string, number> = { thao: 1000, soo: 100, mia: 100, jirongo: 1000 };
  if (sheng[t] !== undefined) return sheng[t];
  const m = /^(mia|elfu)\s+(\p{L}+)(?:\s+na\s+(?:(mia)\s+)?(\p{L}+))?$/u.exec(t);
  if (!m) return null;
  const big = UNITS_SW[m[2] as string];
  if (big === undefined) return null;
  let n = big * (m[1] === 'elfu' ? 1000 : 100);
  if (m[4]) {
    const small = UNITS_SW[m[4]];
    if (small === undefined) return null;
    n += m[3] ? small * 100 : small;
  }
  return n;
}

/** An entry fee without its word ("kiingilio KSh 300" -> "KSh 300", "entry ni mia mbili" -> "KSh 200"), or null when the text is no entry fee. */
function entryFee(text: string): string | null {
  const m = /^(?:kiingilio|entry|tiketi|ticket|\p{L}{3,}\s+ni)\s+(?:ni\s+|:\s*)?(.+)$/iu.exec(text.trim());
  if (!m) return null;
  const rest = (m[1] as string).trim();
  const n = swAmount(rest);
  if (n !== null) return `KSh ${n.toLocaleString('en-US')}`;
  const bob = /^(\d+)\s?(?:bob|\/-)$/i.exec(rest);
  return bob ? `KSh ${bob[1]}` : rest;
}

function priceSw(text: string): string | null {
  let t = entryFee(text) ?? text.trim();
  const bob = /^([\d,]+(?:\.\d+)?)\s?(?:bob|shillings?)\b(.*)$/i.exec(t);
  if (bob) t = `KSh ${bob[1]}${bob[2]}`;
  t = t.replace(
    /\s?(?:\ba|\bper|\/)\s?(week|month|day|night|kilo|kg|person|head|plate|hour|session|class|year|couple|pair|child|litre)\b$/i,
    (_, u: string) => ` ${PER[u.toLowerCase()]}`,
  );
  if (/\b(?:dollars?|euros?|pounds?)\b/i.test(t)) return null;
  return /\b(?!KSh|Kshs?|KES|Ksh|Sh|Tsh|TZS|UGX|USD|US|EUR|GBP|kila|wiki|kwa|mwezi|siku|usiku|kilo|mtu|sahani|saa|kipindi|darasa|mwaka|wawili|mtoto|lita)[A-Za-z]{2,}\b/.test(
    t,
  )
    ? null
    : t;
}

/** Whether a fact is already written in Kiswahili (from a Kiswahili brief). */
function isSwahiliFact(text: string): boolean {
  return /\b(?:kila|hadi|mpaka|saa|ndani|bure|lipa|tarehe|hii|ijayo|ukisubiri|hakuna|kwa|lengo|bila|haija[a-z]*|haina|haitumii|hatutumii|Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili)\b/i.test(
    text,
  );
}

/** The Kiswahili of a fact as an English brief writes it (or as a Kiswahili one does), or null. */
export function swFact(fact: { text: string; type: SwFactType }): string | null {
  // "jumamosi hii" as typed: the days of the week keep their capitals in a line.
  const t = fact.text
    .trim()
    .replace(/\b(jumatatu|jumanne|jumatano|alhamisi|ijumaa|jumamosi|jumapili)\b/g, (d) => d.charAt(0).toUpperCase() + d.slice(1));
  if (isSwahiliFact(t) && fact.type !== 'price') return t;
  switch (fact.type) {
    case 'price':
      return priceSw(t);
    case 'goal': {
      const m = /(?:KSh|Kshs?|KES|Ksh\.|Sh\.?|Tsh|TZS|UGX|USD|US\$|EUR|GBP|\$|£|€)\s?[\d,.]+(?:\s?(?:k|K|m|bn)\b)?/.exec(t);
      return m ? m[0] : null;
    }
    case 'payment':
      return /m-?pesa/i.test(t) && !/\b(?:paybill|till)\b/i.test(t) ? 'M-Pesa' : t;
    case 'hours':
      return hoursSw(t);
    case 'date':
      return dateSw(t);
    case 'duration':
      return durationSw(t);
    case 'perk':
      return perkSw(t);
    case 'record':
      return recordSw(t);
    default:
      return null;
  }
}

/** What a Kiswahili line says of a fact as a sentence of its own ("Lipa kwa M-Pesa.", "Mchango: KSh 500 kila wiki."). */
export function swFactSentence(
  fact: { text: string; type: SwFactType },
  ctx: { group?: boolean; from?: boolean; speaker?: 'business' | 'person' | 'event' | 'cause' } = {},
): string | null {
  const text = swFact(fact);
  if (text === null) return null;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  switch (fact.type) {
    case 'goal':
      return `Lengo letu: ${text}.`;
    case 'price':
      if (/^(?:kiingilio|entry)\b/i.test(fact.text.trim())) return `Kiingilio: ${text}.`;
      {
        // "fade ni mia tatu": the price of what the brief names ("Fade: KSh 300.").
        const of = /^(\p{L}{3,})\s+ni\s/iu.exec(fact.text.trim())?.[1];
        if (of && !/^(?:bei|tiketi|ticket)$/i.test(of)) return `${cap(of)}: ${text}.`;
      }
      if (/^(?:tiketi|ticket)\b/i.test(fact.text.trim()) || ctx.speaker === 'event') return `Tiketi: ${text}.`;
      if (ctx.group) return `Mchango: ${text}.`;
      if (ctx.from) return `Kuanzia ${text}.`;
      return /\b(?:kila|kwa)\b/.test(text) ? `${text} tu.` : `Bei: ${text} tu.`;
    case 'payment':
      return /lipa/i.test(text) ? `${cap(text)}.` : /paybill|till/i.test(text) ? `Lipa kupitia ${text}.` : `Lipa kwa ${text}.`;
    case 'hours':
      if (/^kila\b/.test(text) && ctx.group) return `Tunakutana ${text}.`;
      // "Kila Jumamosi" alone is when something happens (a class, a market), not opening hours.
      if (/^kila (?:Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili)(?: na \p{L}+)?$/u.test(text)) return `${cap(text)}.`;
      // An event's time is when it starts, never opening hours ("Usiku wa mashairi… saa 1 jioni": "Kuanzia saa 1 jioni.").
      if (ctx.speaker === 'event' && /^saa\b/.test(text)) return `Kuanzia ${text}.`;
      if (ctx.speaker === 'event') return `${cap(text)}.`;
      return `Tuko wazi ${text}.`;
    case 'duration':
      if (text === 'ukisubiri') return 'Tunakuhudumia ukisubiri.';
      return /^ndani\b/.test(text) ? `Tayari ${text}.` : `${cap(text)}.`;
    case 'date':
      return `${cap(text)}.`;
    case 'record':
      return /^uzoefu/.test(text) ? `Tuna ${text}.` : `${cap(text)}.`;
    default:
      return `${cap(text)}.`;
  }
}
