import { updateLanguageBody, updateTimeZoneBody, userResultDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { setAccountLanguage } from './account-language';
import { setAccountTimeZone } from './account-time-zone';

/**
 * /account: the account's preferences. `/language`: its interface language (DESIGN.md §14);
 * `/time-zone`: the zone its times are shown in (DESIGN.md §20).
 */
export const accountPreferencesResource = defineResource({
  prefix: '/account',
  tag: 'Account',
  deps: (ctx: ApiContext) => ({ ctx }),
  routes: (route) => [
    route({
      method: 'patch',
      path: '/language',
      summary: 'Change your language',
      description:
        'The interface language of the account (en or sw). E-mails, reminders and receipts go out in it, and server messages follow it.',
      auth: 'session',
      body: updateLanguageBody,
      response: userResultDto,
      errors: [400, 401],
      handler: async ({ req, deps, body }) => ({ user: await setAccountLanguage(deps.ctx, userIdOf(req), body.language) }),
    }),
    route({
      method: 'patch',
      path: '/time-zone',
      summary: 'Change your time zone',
      description:
        'The IANA time zone of the account (e.g. Africa/Nairobi). Every time shown to the account (pages, e-mails, receipts) is in it, and the daily generation quota resets at its midnight. A name that is not an IANA zone: 400.',
      auth: 'session',
      body: updateTimeZoneBody,
      response: userResultDto,
      errors: [400, 401],
      handler: async ({ req, deps, body }) => ({ user: await setAccountTimeZone(deps.ctx, userIdOf(req), body.timeZone) }),
    }),
  ],
});
