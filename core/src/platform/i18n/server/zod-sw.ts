import type { z } from 'zod';
import type { UiLanguage } from '../languages';

/**
 * zod's own messages in Kiswahili, for a schema that gives none of its own (zod 4 ships no Swahili
 * locale). Modelled on zod's `v4/locales/en.js`: the same issue codes and the same facts (what was
 * expected, what came, the bound), said as docs/glossary-sw.md says things. Used as the per-parse
 * `error` map (`schema.safeParse(input, { error: zodErrorMapFor(lang) })`), which zod consults only for an
 * issue whose schema or check has no message of its own; English requests do not use it.
 */

/** A type zod names (`expected`, or the type of what came), in Kiswahili; an unknown one as it is. */
const TYPE_SW: Record<string, string> = {
  string: 'maandishi',
  number: 'namba',
  int: 'namba kamili',
  bigint: 'namba kamili',
  boolean: 'true au false',
  object: 'kitu (object)',
  array: 'orodha',
  date: 'tarehe',
  file: 'faili',
  null: 'null',
  undefined: 'hakuna kitu',
  nan: 'NaN',
};

/** A format zod checks (`invalid_format`), in Kiswahili. */
const FORMAT_SW: Record<string, string> = {
  email: 'Barua pepe',
  url: 'Anwani ya URL',
  uuid: 'Kitambulisho (UUID)',
  guid: 'Kitambulisho (GUID)',
  datetime: 'Tarehe na saa (ISO)',
  date: 'Tarehe (ISO)',
  time: 'Saa (ISO)',
  duration: 'Muda (ISO)',
  ipv4: 'Anwani ya IPv4',
  ipv6: 'Anwani ya IPv6',
  e164: 'Nambari ya simu (E.164)',
  base64: 'Maandishi ya base64',
  jwt: 'JWT',
};

/** What a length counts, by the issue's `origin`, with the verb prefix that agrees with it (*herufi zisizidi*, *vipengele visizidi*). */
const UNIT_SW: Record<string, { unit: string; agrees: string }> = {
  string: { unit: 'herufi', agrees: 'zi' },
  file: { unit: 'baiti', agrees: 'zi' },
  array: { unit: 'vipengele', agrees: 'vi' },
  set: { unit: 'vipengele', agrees: 'vi' },
  map: { unit: 'vipengele', agrees: 'vi' },
};

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (input instanceof Date) return 'date';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

const typeSw = (type: string) => TYPE_SW[type] ?? type;
const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** The bound of a too_big / too_small issue: *herufi zisizidi 200*, *iwe 1 au zaidi*, *vipengele viwe 3 kamili*. */
function bound(origin: string | undefined, n: string, side: 'max' | 'min', exact?: boolean, inclusive?: boolean): string {
  const sized = UNIT_SW[origin ?? ''];
  const [subject, verb] = sized ? [`${sized.unit} `, sized.agrees] : ['', 'i'];
  if (exact) return `${subject}${verb}we ${n} kamili`;
  if (side === 'max') return inclusive ? `${subject}${verb}sizidi ${n}` : `${subject}${verb}we chini ya ${n}`;
  return inclusive ? `${subject}${verb}we ${n} au zaidi` : `${subject}${verb}we zaidi ya ${n}`;
}

/** The Kiswahili message of one zod issue (a raw issue: it still carries its `input`). */
export function zodIssueSw(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = typeSw(issue.expected);
      if (issue.input === undefined) return `Inahitajika: weka ${expected}`;
      return `Si sahihi: tulitarajia ${expected}, lakini tumepokea ${typeSw(typeOf(issue.input))}`;
    }
    case 'invalid_value':
      if (issue.values.length === 1) return `Si sahihi: tulitarajia ${shown(issue.values[0])}`;
      return `Chaguo si sahihi: chagua mojawapo ya ${issue.values.map(shown).join(' | ')}`;
    case 'too_big': {
      const limit = bound(issue.origin, issue.maximum.toString(), 'max', issue.exact, issue.inclusive);
      if (issue.origin === 'string') return `Ni ndefu mno: ${limit}`;
      return UNIT_SW[issue.origin ?? ''] ? `Ni nyingi mno: ${limit}` : `Ni kubwa mno: ${limit}`;
    }
    case 'too_small': {
      if (issue.origin === 'string' && issue.inclusive && Number(issue.minimum) === 1 && !issue.exact) return 'Isiwe tupu';
      const limit = bound(issue.origin, issue.minimum.toString(), 'min', issue.exact, issue.inclusive);
      if (issue.origin === 'string') return `Ni fupi mno: ${limit}`;
      return UNIT_SW[issue.origin ?? ''] ? `Ni chache mno: ${limit}` : `Ni ndogo mno: ${limit}`;
    }
    case 'invalid_format': {
      if (issue.format === 'starts_with') return `Maandishi si sahihi: yaanze na "${(issue as { prefix?: string }).prefix}"`;
      if (issue.format === 'ends_with') return `Maandishi si sahihi: yaishe na "${(issue as { suffix?: string }).suffix}"`;
      if (issue.format === 'includes') return `Maandishi si sahihi: yawe na "${(issue as { includes?: string }).includes}"`;
      if (issue.format === 'regex') return `Maandishi si sahihi: hayalingani na muundo ${issue.pattern ?? ''}`.trimEnd();
      return `${FORMAT_SW[issue.format] ?? issue.format} si sahihi`;
    }
    case 'not_multiple_of':
      return `Namba si sahihi: iwe kigawe cha ${issue.divisor.toString()}`;
    case 'unrecognized_keys':
      return `Sehemu zisizojulikana: ${issue.keys.join(', ')}`;
    case 'invalid_key':
      return `Jina la sehemu si sahihi ndani ya ${typeSw(issue.origin)}`;
    case 'invalid_element':
      return `Kipengele si sahihi ndani ya ${typeSw(issue.origin)}`;
    default:
      return 'Si sahihi';
  }
}

const ERROR_MAPS: Partial<Record<UiLanguage, z.core.$ZodErrorMap>> = { sw: zodIssueSw };

/** The per-parse `error` map of a request in `lang`; none for English, where zod's own messages stay. */
export function zodErrorMapFor(lang: UiLanguage): z.core.$ZodErrorMap | undefined {
  return ERROR_MAPS[lang];
}
