import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandBody, BrandDto } from '@gl/core/types';
import { api } from '../../platform/api';
import { useAuth } from '../accounts';
import { useCurrentPlan } from '../billing';

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

/** Creating a kit (shared with a team when `teamId` is given) or changing one (`id`); the list is read again after. */
export function useSaveBrand(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, teamId }: { id?: string; body: BrandBody; teamId?: string }) =>
      id ? api(`/brands/${id}`, { method: 'PUT', body }) : api('/brands', { method: 'POST', body: teamId ? { ...body, teamId } : body }),
    onSuccess: () => client.invalidateQueries({ queryKey: brandsKey(userId) }),
  });
}

/** Deleting a kit; the list is read again whether or not it worked. */
export function useDeleteBrand(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/brands/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: brandsKey(userId) }),
  });
}
