import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The app's one QueryClient setup (the app, the prerender and the component tests use it).
 * `overrides` merge into each kind's defaults (tests turn retries off).
 */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Client errors (4xx) are answers, not glitches: retry only network and server failures, once.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        ...overrides.queries,
      },
      mutations: {
        // An action taken offline fails at once with the api client's "no connection" message,
        // instead of waiting silently (TanStack's default pauses mutations until back online).
        // Saves made offline have their own queue on the device (features/library/pending-saves.ts).
        networkMode: 'always',
        ...overrides.mutations,
      },
    },
  });
}
