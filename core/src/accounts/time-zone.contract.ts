import { z } from 'zod';
import { canonicalTimeZone, TIME_ZONE_MAX } from '../platform/i18n/time';

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone: use an IANA name such as Africa/Nairobi';

/** An IANA time zone name, stored in its canonical spelling; an offset, an abbreviation or a made-up name is refused. */
export const timeZoneSchema = z
  .string({ message: UNKNOWN_TIME_ZONE_MESSAGE })
  .max(TIME_ZONE_MAX, UNKNOWN_TIME_ZONE_MESSAGE)
  .refine((name) => canonicalTimeZone(name) !== null, UNKNOWN_TIME_ZONE_MESSAGE)
  .transform((name) => canonicalTimeZone(name)!)
  .describe('an IANA time zone name, e.g. Africa/Nairobi');

/** PATCH /account/time-zone: the zone every time is shown in, and the daily quota's midnight. */
export const updateTimeZoneBody = z.strictObject({ timeZone: timeZoneSchema });
export type UpdateTimeZoneBody = z.infer<typeof updateTimeZoneBody>;
