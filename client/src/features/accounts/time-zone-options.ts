import { DEFAULT_TIME_ZONE } from '@gl/core/types';

/** The regions zones are grouped by on the account page (the first part of an IANA name). */
export const TIME_ZONE_REGIONS = [
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
  'Other',
] as const;
export type TimeZoneRegion = (typeof TIME_ZONE_REGIONS)[number];

export interface TimeZoneOption {
  id: string;
  /**
   * The place: "Buenos Aires, Argentina", "Nairobi". No offset beside each: one formatter per zone
   * would cost a phone about 0.3 s; the chosen zone's clock is shown under the list instead.
   */
  label: string;
  region: TimeZoneRegion;
}

/** Places ICU still spells by their old names (the zone ids stay as the browser knows them). */
const PLACE_NAMES: Record<string, string> = {
  Asmera: 'Asmara',
  Calcutta: 'Kolkata',
  Katmandu: 'Kathmandu',
  Saigon: 'Ho Chi Minh City',
  Rangoon: 'Yangon',
  Kiev: 'Kyiv',
  Godthab: 'Nuuk',
  Faeroe: 'Faroe',
  Ponape: 'Pohnpei',
  Truk: 'Chuuk',
  Enderbury: 'Kanton',
};

/** Every zone this browser knows (plus UTC and any `extra`, e.g. the account's), grouped by region, sorted by place. */
export function timeZoneOptions(extra: readonly string[] = []): Array<{ region: TimeZoneRegion; zones: TimeZoneOption[] }> {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const ids = [...new Set([DEFAULT_TIME_ZONE, ...known, ...extra])].filter(Boolean);
  const groups = new Map<TimeZoneRegion, TimeZoneOption[]>();
  for (const id of ids) {
    const option = describe(id);
    const list = groups.get(option.region) ?? [];
    list.push(option);
    groups.set(option.region, list);
  }
  return TIME_ZONE_REGIONS.filter((r) => groups.has(r)).map((region) => ({
    region,
    zones: groups.get(region)!.sort((a, b) => a.label.localeCompare(b.label)),
  }));
}

function describe(id: string): TimeZoneOption {
  const [first, ...rest] = id.split('/');
  const region = (TIME_ZONE_REGIONS as readonly string[]).includes(first!) && rest.length > 0 ? (first as TimeZoneRegion) : 'Other';
  const place = (rest.length > 0 ? [...rest].reverse() : [id]).map((p) => PLACE_NAMES[p] ?? p.replace(/_/g, ' ')).join(', ');
  return { id, region, label: place };
}
