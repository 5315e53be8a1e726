import { api } from '../../lib/api';

export const apiKeysApi = {
  list: async () => (await api('/api-keys')).apiKeys,
  create: (name: string) => api('/api-keys', { method: 'POST', body: { name } }),
  revoke: (id: string) => api(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
