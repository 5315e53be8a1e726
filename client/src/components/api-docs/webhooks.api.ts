import type { WebhookEventType } from '@gl/core/types';
import { api } from '../../lib/api';

const one = (id: string) => `/webhooks/${encodeURIComponent(id)}` as const;

export const webhooksApi = {
  list: async () => (await api('/webhooks')).endpoints,
  create: (url: string, events: WebhookEventType[]) => api('/webhooks', { method: 'POST', body: { url, events } }),
  rotate: (id: string) => api(`${one(id)}/rotate-secret`, { method: 'POST' }),
  remove: (id: string) => api(one(id), { method: 'DELETE' }),
  attempts: async (id: string) => (await api(`${one(id)}/attempts`)).attempts,
};
