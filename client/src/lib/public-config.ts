// GET /api/config: what the client learns from the server before anything else (docs/api.md): the public
// anon key supabase-js sends as `apikey`, and the AI provider's display name ({provider} in the spec).
export interface PublicConfig {
  anonKey: string;
  /** null when the server names none (the client then says 'OpenRouter'). */
  providerName: string | null;
}

/** Fetches and reads the config; rejects when the server cannot be reached or sends no anon key. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  const body = (await response.json()) as { anonKey?: unknown; providerName?: unknown } | null;
  const anonKey = typeof body?.anonKey === 'string' ? body.anonKey : '';
  if (anonKey === '') throw new Error('GET /api/config sent no anon key');
  const providerName =
    typeof body?.providerName === 'string' && body.providerName.trim() !== '' ? body.providerName.trim() : null;
  return { anonKey, providerName };
}
