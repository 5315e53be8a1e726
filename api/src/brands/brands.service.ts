import { brandsRepository, currentPlanFor, Errors, toBrandDto, toBrandSnapshot } from '@gl/core/server';
import { cheapestPlanWhere, type BrandBody, type BrandCreateBody, type BrandDto, type BrandSnapshot, type Plan } from '@gl/core';
import type { ApiContext } from '../api-context';
import { QuotaService } from '../common/quota.service';
import { requireTeamRole, teamRefusal } from '../teams';

const NOT_FOUND = 'Brand kit not found';
const MANAGERS_ONLY = "Only the team's owner or an admin can change the team's brand kits";

/** 403 PLAN_REQUIRED naming the cheapest plan with brand kits, unless `plan` has them. */
export function requireBrandKits(plan: Plan): void {
  if (plan.limits.brandKits > 0) return;
  const needed = cheapestPlanWhere((l) => l.brandKits > 0)!;
  throw Errors.planRequired(needed.name, 'Brand kits', needed.id);
}

/**
 * Brand kits, bounded per plan (pro 3, business 25). Personal kits reach only their owner. A kit
 * created with `teamId` is the team's: every member lists and uses it, its owner and admins edit
 * it while the team's Business plan is in force, and it counts against the team owner's limit.
 */
export class BrandsService {
  private readonly quota: QuotaService;

  constructor(private readonly ctx: ApiContext) {
    this.quota = new QuotaService(ctx);
  }

  async list(userId: string): Promise<BrandDto[]> {
    return (await brandsRepository.listVisible(this.ctx.db, userId)).map(toBrandDto);
  }

  async get(userId: string, id: string): Promise<BrandDto> {
    const row = await brandsRepository.findVisible(this.ctx.db, id, userId);
    if (!row) throw Errors.notFound(NOT_FOUND);
    return toBrandDto(row);
  }

  async create(userId: string, input: BrandCreateBody): Promise<BrandDto> {
    const { teamId, ...body } = input;
    if (teamId) return this.createForTeam(userId, teamId, body);
    const plan = await this.quota.planOf({ userId });
    requireBrandKits(plan);
    const row = await this.ctx.db.transaction((tx) =>
      brandsRepository.createWithin(tx, { userId, teamId: null, accountable: userId }, plan.limits.brandKits, body),
    );
    if (!row) throw this.atLimit(plan);
    return toBrandDto(row);
  }

  /** A team kit: the caller must manage the team (non-members 404, members 403) and the team must be writable. */
  private async createForTeam(userId: string, teamId: string, body: BrandBody): Promise<BrandDto> {
    const result = await this.ctx.db.transaction(async (tx) => {
      // The caller's membership is held (share lock) until the kit is in: a concurrent removal waits.
      const access = await requireTeamRole(tx, teamId, userId, 'manage', { lock: 'share', forbidden: MANAGERS_ONLY });
      // The team's kits count against its owner's plan (Business while the team is writable).
      const plan = await currentPlanFor(tx, access.ownerId);
      const row = await brandsRepository.createWithin(tx, { userId, teamId, accountable: access.ownerId }, plan.limits.brandKits, body);
      return { row, plan };
    });
    if (!result.row) throw this.atLimit(result.plan, true);
    return toBrandDto(result.row);
  }

  private atLimit(plan: Plan, team = false) {
    const n = plan.limits.brandKits;
    const more = cheapestPlanWhere((l) => l.brandKits > n);
    if (more) return Errors.planRequired(more.name, `More than ${n} brand kits`, more.id);
    return Errors.conflict(
      team
        ? `The team's ${plan.name} plan keeps up to ${n} brand kits, its owner's and the team's together. Delete one to make room.`
        : `The ${plan.name} plan keeps up to ${n} brand kits. Delete one to make room.`,
    );
  }

  async update(userId: string, id: string, body: BrandBody): Promise<BrandDto> {
    const row = await brandsRepository.update(this.ctx.db, id, userId, body);
    if (!row) throw await this.refusal(userId, id);
    return toBrandDto(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await brandsRepository.delete(this.ctx.db, id, userId))) throw await this.refusal(userId, id);
  }

  /** After a refused write (the check was in the write itself): 404 unless the kit is visible, then why. */
  private async refusal(userId: string, id: string) {
    const why = await brandsRepository.writeRefusal(this.ctx.db, id, userId);
    if (!why || !why.teamId) return Errors.notFound(NOT_FOUND);
    const refusal = teamRefusal(why, 'manage', MANAGERS_ONLY);
    if (refusal) return refusal;
    // The state changed between the write and this read (e.g. just renewed): ask to try again.
    return Errors.conflict('The brand kit changed meanwhile. Please try again.');
  }

  /**
   * The kit a generation uses, as a snapshot for its row: the caller's own kit or one shared with
   * their team (read with the membership in one query; anyone else's, or any kit for a visitor, is
   * 404), and only on a plan with brand kits.
   */
  async snapshotFor(who: { userId?: string | null }, brandId: string | undefined, plan: Plan): Promise<BrandSnapshot | null> {
    if (!brandId) return null;
    const row = who.userId ? await brandsRepository.findVisible(this.ctx.db, brandId, who.userId) : undefined;
    if (!row) throw Errors.notFound(NOT_FOUND);
    requireBrandKits(plan);
    return toBrandSnapshot(row);
  }
}
