import { PLANS, YEARLY_DISCOUNT, planPriceCents, plansListDto, type PlansListDto } from '@gl/core';
import { planPriceKes } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';

/**
 * GET /api/plans: the catalogue, with each plan's yearly price (monthly x 12 x 0.8) in cents and,
 * beside the dollars, the shillings an M-Pesa payment charges (the same conversion as the push).
 */
export const plansResource = defineResource({
  prefix: '/plans',
  tag: 'Billing',
  deps: (ctx: ApiContext): PlansListDto => {
    const rate = ctx.config.MPESA_KES_PER_USD;
    return {
      plans: PLANS.map((p) => ({
        ...p,
        yearlyPriceCents: planPriceCents(p.id, 'year'),
        priceKes: planPriceKes(p.id, 'month', rate),
        yearlyPriceKes: planPriceKes(p.id, 'year', rate),
      })),
      yearlyDiscount: YEARLY_DISCOUNT,
      currency: 'USD',
      kesPerUsd: rate,
    };
  },
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'The plans',
      description: 'Prices in USD, and beside them the whole Kenya shillings an M-Pesa payment charges.',
      auth: 'none',
      response: plansListDto,
      errors: [],
      handler: ({ res, deps }) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        return deps;
      },
    }),
  ],
});
