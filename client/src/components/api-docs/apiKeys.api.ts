import { api } from '../../lib/api';

/** An API key as /api/api-keys lists it: the secret itself is only in the answer that creates it. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The first characters of the key, to tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export const apiKeysApi = {
  list: async () => (await api<{ apiKeys: ApiKeySummary[] }>('/api-keys')).apiKeys,
  create: (name: string) => api<{ apiKey: ApiKeySummary; key: string }>('/api-keys', { method: 'POST', body: { name } }),
  revoke: (id: string) => api<{ apiKey: ApiKeySummary }>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
