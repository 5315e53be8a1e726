import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** GET /api/health on entering /generate: an AI provider configured means AI-powered generation. */
export function useBackendHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: () => api('/health', { sessionHandling: false }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
