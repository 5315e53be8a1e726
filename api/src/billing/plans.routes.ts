import { PLANS, YEARLY_DISCOUNT, planPriceCents, plansListDto } from '@gl/core';
import { defineResource } from '../http/route';

/** GET /api/plans: the catalogue, with each plan's yearly price (monthly x 12 x 0.8) in cents. */
export const plansResource = defineResource({
  prefix: '/plans',
  tag: 'Billing',
  deps: () => ({ plans: PLANS.map((p) => ({ ...p, yearlyPriceCents: planPriceCents(p.id, 'year') })) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'The plans',
      auth: 'none',
      response: plansListDto,
      errors: [],
      handler: ({ res, deps }) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        return { plans: deps.plans, yearlyDiscount: YEARLY_DISCOUNT, currency: 'USD' };
      },
    }),
  ],
});
