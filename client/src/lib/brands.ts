import { useQuery } from '@tanstack/react-query';
import type { BrandDto } from '@gl/core/types';
import { api } from './api';
import { useAuth } from './auth';
import { useCurrentPlan } from './plan';

export function brandsKey(userId: string | undefined): readonly unknown[] {
  return ['brands', userId ?? 'none'];
}

/** GET /api/brands: the signed-in user's brand kits (none for visitors and plans without kits). */
export function useBrands() {
  const { user } = useAuth();
  const plan = useCurrentPlan();
  return useQuery<BrandDto[]>({
    queryKey: brandsKey(user?.id),
    enabled: Boolean(user),
    queryFn: async () => (await api('/brands')).brands,
    select: (brands) => (plan.limits.brandKits > 0 ? brands : []),
  });
}
