// The QueryClient settings for server state that is not notes (data/*): app/ makes one per page,
// tests a fresh one per test. Queries run only when asked and keep their answer for the page (each
// says so itself too); the network mode is 'always' because every caller already handles offline
// (TanStack's default would hold requests while its online flag, which starts true, says offline).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
