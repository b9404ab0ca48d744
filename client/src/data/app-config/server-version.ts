// Which Sprout the server runs (GET /api/health: the package version and the commit), for Settings. Asked
// once per page; offline or on an older server there is none, and the screen says nothing.
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface ServerVersion {
  version: string;
  commit: string | null;
}

export function parseServerVersion(body: unknown): ServerVersion | null {
  if (typeof body !== 'object' || body === null) return null;
  const { version, commit } = body as Record<string, unknown>;
  if (typeof version !== 'string' || !version) return null;
  return { version, commit: typeof commit === 'string' && commit ? commit : null };
}

export const serverVersionQuery = queryOptions({
  queryKey: ['server-version'],
  queryFn: async () => {
    const response = await fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/health answered ${response.status}`);
    return parseServerVersion(await response.json());
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useServerVersion(): ServerVersion | null {
  return useQuery(serverVersionQuery).data ?? null;
}
