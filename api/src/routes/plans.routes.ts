import { Router } from 'express';
import { PLANS, YEARLY_DISCOUNT, planPriceCents } from '@gl/core';
import type { ApiContext } from '../api-context';
import { ok } from '../http/respond';

/** GET /api/plans: the catalogue, with each plan's yearly price (monthly x 12 x 0.8) in cents. */
export function plansRoutes(_ctx: ApiContext): Router {
  const router = Router();
  const plans = PLANS.map((p) => ({ ...p, yearlyPriceCents: planPriceCents(p.id, 'year') }));
  router.get('/', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    ok(res, { plans, yearlyDiscount: YEARLY_DISCOUNT, currency: 'USD' });
  });
  return router;
}
