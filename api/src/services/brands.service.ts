import { brandsRepository, Errors, toBrandDto, toBrandSnapshot } from '@gl/core/server';
import { cheapestPlanWhere, type BrandBody, type BrandDto, type BrandSnapshot, type Plan } from '@gl/core';
import type { ApiContext } from '../api-context';
import { QuotaService } from './quota.service';

const NOT_FOUND = 'Brand kit not found';

/** 403 PLAN_REQUIRED naming the cheapest plan with brand kits, unless `plan` has them. */
export function requireBrandKits(plan: Plan): void {
  if (plan.limits.brandKits > 0) return;
  const needed = cheapestPlanWhere((l) => l.brandKits > 0)!;
  throw Errors.planRequired(needed.name, 'Brand kits', needed.id);
}

/** Brand kits: personal, bounded per plan (pro 3, business 25), reachable only by their owner. */
export class BrandsService {
  private readonly quota: QuotaService;

  constructor(private readonly ctx: ApiContext) {
    this.quota = new QuotaService(ctx);
  }

  async list(userId: string): Promise<BrandDto[]> {
    return (await brandsRepository.listForUser(this.ctx.db, userId)).map(toBrandDto);
  }

  async get(userId: string, id: string): Promise<BrandDto> {
    const row = await brandsRepository.findOwned(this.ctx.db, id, userId);
    if (!row) throw Errors.notFound(NOT_FOUND);
    return toBrandDto(row);
  }

  async create(userId: string, body: BrandBody): Promise<BrandDto> {
    const plan = await this.quota.planOf({ userId });
    requireBrandKits(plan);
    const row = await brandsRepository.createWithin(this.ctx.db, userId, plan.limits.brandKits, body);
    if (!row) {
      const n = plan.limits.brandKits;
      const more = cheapestPlanWhere((l) => l.brandKits > n);
      if (more) throw Errors.planRequired(more.name, `More than ${n} brand kits`, more.id);
      throw Errors.conflict(`The ${plan.name} plan keeps up to ${n} brand kits. Delete one to make room.`);
    }
    return toBrandDto(row);
  }

  async update(userId: string, id: string, body: BrandBody): Promise<BrandDto> {
    const row = await brandsRepository.updateOwned(this.ctx.db, id, userId, body);
    if (!row) throw Errors.notFound(NOT_FOUND);
    return toBrandDto(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await brandsRepository.deleteOwned(this.ctx.db, id, userId))) throw Errors.notFound(NOT_FOUND);
  }

  /**
   * The kit a generation uses, as a snapshot for its row: only the caller's own kit (anyone
   * else's, or any kit for a visitor, is 404), and only on a plan with brand kits.
   */
  async snapshotFor(who: { userId?: string | null }, brandId: string | undefined, plan: Plan): Promise<BrandSnapshot | null> {
    if (!brandId) return null;
    const row = who.userId ? await brandsRepository.findOwned(this.ctx.db, brandId, who.userId) : undefined;
    if (!row) throw Errors.notFound(NOT_FOUND);
    requireBrandKits(plan);
    return toBrandSnapshot(row);
  }
}
