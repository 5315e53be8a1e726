import type { ApiKeyCreatedDto, ApiKeyDto } from '@gl/core/types';
import { api } from './api';

export const apiKeysApi = {
  list: async () => (await api<{ apiKeys: ApiKeyDto[] }>('/api-keys')).apiKeys,
  create: (name: string) => api<ApiKeyCreatedDto>('/api-keys', { method: 'POST', body: { name } }),
  revoke: (id: string) => api<{ apiKey: ApiKeyDto }>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
