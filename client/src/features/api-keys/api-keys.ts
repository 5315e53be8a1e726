/** API keys (Business plan): list, create, revoke. No socket event: each change refetches the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreatedDto, ApiKeyDto } from '@gl/core/types';
import { api } from '../../platform/api';

export const apiKeysKey = (...rest: unknown[]): unknown[] => ['api-keys', ...rest];

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey(),
    queryFn: async ({ signal }): Promise<ApiKeyDto[]> => {
      const data: { apiKeys: ApiKeyDto[] } = await api('/api-keys', { signal });
      return data.apiKeys;
    },
  });
}

/** POST /api-keys: the answer carries the secret, shown once. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<ApiKeyCreatedDto> => api('/api-keys', { method: 'POST', body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey() }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> => api(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey() }),
  });
}
