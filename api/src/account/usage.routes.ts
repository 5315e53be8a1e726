import { usageSummaryDto } from '@gl/core';
import { defineResource } from '../http/route';
import { QuotaService } from '../shared/quota.service';

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
      response: usageSummaryDto,
      errors: [],
      handler: ({ req, deps }) => deps.quota.summary({ userId: req.auth?.userId, ip: req.ip }),
    }),
  ],
});
