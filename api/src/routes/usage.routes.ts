import { defineResource } from '../http/route';
import * as R from '../openapi/responses';
import { QuotaService } from '../services/quota.service';

/**
 * GET /users/usage: the usage meter (dailyGenerations, monthlyGenerations, limit, remaining,
 * resetsAt, planId). Signed-in users get their plan's; visitors get the free plan's for their IP.
 */
export const usageResource = defineResource({
  prefix: '/users',
  tag: 'Account',
  deps: (ctx) => ({ quota: new QuotaService(ctx) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/usage',
      summary: 'Usage today and this month',
      auth: 'optionalSession',
      response: R.UsageSummary,
      errors: [],
      handler: ({ req, deps }) => deps.quota.summary({ userId: req.auth?.userId, ip: req.ip }),
    }),
  ],
});
