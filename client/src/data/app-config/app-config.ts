// The public config (GET /api/config) as server state: fetched once per page when something needs it,
// asked again after a failure. Screens use the AI provider's display name from it.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchPublicConfig, type PublicConfig } from '../../lib/public-config';

/** {provider} until the server's name arrives, or when it cannot be fetched. */
export const DEFAULT_PROVIDER_NAME = 'OpenRouter';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: async () => {
    try {
      return await fetchPublicConfig();
    } catch (error) {
      console.warn('Could not read the AI provider name:', error);
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

function providerNameOf(config: PublicConfig | undefined): string {
  return config?.providerName ?? DEFAULT_PROVIDER_NAME;
}

/** The provider's name for screens: the default first, then the server's answer. */
export function useProviderName(): string {
  return providerNameOf(useQuery(publicConfigQuery).data);
}

/** The provider's name for code outside React (the connection test's texts). Never rejects. */
export async function fetchProviderName(client: QueryClient): Promise<string> {
  try {
    return providerNameOf(await client.fetchQuery(publicConfigQuery));
  } catch {
    return DEFAULT_PROVIDER_NAME;
  }
}

/** Where the user creates a key for the provider, when we know it (OpenRouter); null otherwise. */
export function providerKeyPageUrl(providerName: string): string | null {
  return providerName.trim().toLowerCase() === 'openrouter' ? 'https://openrouter.ai/keys' : null;
}
