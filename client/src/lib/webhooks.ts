import type { WebhookAttemptDto, WebhookEndpointDto, WebhookEventType, WebhookSecretDto } from '@gl/core/types';
import { api } from './api';

const one = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: async () => (await api<{ endpoints: WebhookEndpointDto[] }>('/webhooks')).endpoints,
  create: (url: string, events: WebhookEventType[]) => api<WebhookSecretDto>('/webhooks', { method: 'POST', body: { url, events } }),
  rotate: (id: string) => api<WebhookSecretDto>(`${one(id)}/rotate-secret`, { method: 'POST' }),
  remove: (id: string) => api<{ id: string }>(one(id), { method: 'DELETE' }),
  attempts: async (id: string) => (await api<{ attempts: WebhookAttemptDto[] }>(`${one(id)}/attempts`)).attempts,
};
