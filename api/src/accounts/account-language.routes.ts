import { updateLanguageBody, userResultDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { setAccountLanguage } from './account-language';

/** /account/language: the account's interface language (DESIGN.md §14). */
export const accountLanguageResource = defineResource({
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
  ],
});
