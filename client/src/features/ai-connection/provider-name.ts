// The AI provider's display name ({provider} in the spec's texts), from GET /api/config, fetched once per
// page; 'OpenRouter' until it arrives or when it cannot be fetched.
import { useEffect, useState } from 'react';

export const DEFAULT_PROVIDER_NAME = 'OpenRouter';

let cached: string | null = null;
let request: Promise<string> | null = null;

/** The provider's name; resolves to the default when the server cannot be asked. Never rejects. */
export function getProviderName(): Promise<string> {
  if (cached) return Promise.resolve(cached);
  request ??= fetch('/api/config', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
      const body = (await response.json()) as { providerName?: unknown };
      const name = typeof body.providerName === 'string' && body.providerName.trim() !== '' ? body.providerName.trim() : DEFAULT_PROVIDER_NAME;
      cached = name;
      return name;
    })
    .catch((error: unknown) => {
      console.warn('Could not read the AI provider name:', error);
      request = null; // ask again next time
      return DEFAULT_PROVIDER_NAME;
    });
  return request;
}

/** The provider's name for screens: the default first, then the server's answer. */
export function useProviderName(): string {
  const [name, setName] = useState(() => cached ?? DEFAULT_PROVIDER_NAME);
  useEffect(() => {
    let active = true;
    void getProviderName().then((value) => {
      if (active) setName(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return name;
}

/** Where the user creates a key for the provider, when we know it (OpenRouter); null otherwise. */
export function providerKeyPageUrl(providerName: string): string | null {
  return providerName.trim().toLowerCase() === 'openrouter' ? 'https://openrouter.ai/keys' : null;
}
