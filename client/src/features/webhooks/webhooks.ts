/**
 * Webhook endpoints (Business plan): list, add, rotate the secret, delete, recent attempts. No socket
 * event: each change refetches the list, and an open attempts list polls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookAttemptDto, WebhookEndpointDto, WebhookEventType, WebhookSecretDto } from '@gl/core/types';
import { api } from '../../platform/api';

export const webhooksKey = (...rest: unknown[]): unknown[] => ['webhooks', ...rest];
const attemptsKey = (endpointId: string) => webhooksKey(endpointId, 'attempts');
const one = (id: string) => `/webhooks/${encodeURIComponent(id)}` as const;
export const ATTEMPTS_REFRESH_MS = 15_000;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKey(),
    queryFn: async ({ signal }): Promise<WebhookEndpointDto[]> => {
      const data: { endpoints: WebhookEndpointDto[] } = await api('/webhooks', { signal });
      return data.endpoints;
    },
  });
}

export function useWebhookAttempts(endpointId: string) {
  return useQuery({
    queryKey: attemptsKey(endpointId),
    queryFn: async ({ signal }): Promise<WebhookAttemptDto[]> => {
      const data: { attempts: WebhookAttemptDto[] } = await api(`${one(endpointId)}/attempts`, { signal });
      return data.attempts;
    },
    refetchInterval: ATTEMPTS_REFRESH_MS,
  });
}

/** The list only: an open attempts list refreshes itself. */
function useRefetchList() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: webhooksKey(), exact: true });
}

export function useCreateWebhook() {
  const refetch = useRefetchList();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[] }): Promise<WebhookSecretDto> =>
      api('/webhooks', { method: 'POST', body }),
    onSuccess: refetch,
  });
}

export function useRotateWebhookSecret() {
  const refetch = useRefetchList();
  return useMutation({
    mutationFn: (id: string): Promise<WebhookSecretDto> => api(`${one(id)}/rotate-secret`, { method: 'POST' }),
    onSuccess: refetch,
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  const refetch = useRefetchList();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> => api(one(id), { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      // The row goes at once, so its attempts list stops asking about an endpoint that is gone.
      void qc.cancelQueries({ queryKey: attemptsKey(id) });
      qc.setQueryData<WebhookEndpointDto[]>(webhooksKey(), (list) => list?.filter((e) => e.id !== id));
      return refetch();
    },
  });
}
