// The connection test's work (GET /api/ai/status): the provider's models listed with the key the caller's
// requests use. A provider failure is one of its outcomes, not a throw; presenters.ts words each.
import type { ResolvedKey } from './key-store';
import { ProviderError, type AiProvider } from './provider';

export type ConnectionTest =
  | { outcome: 'no_key' }
  | { outcome: 'connected'; key: ResolvedKey; models: number }
  | { outcome: 'failed'; key: ResolvedKey; failure: ProviderError };

export async function testKey(provider: AiProvider, key: ResolvedKey, signal: AbortSignal): Promise<ConnectionTest> {
  try {
    return { outcome: 'connected', key, models: await provider.countModels(signal) };
  } catch (error) {
    return {
      outcome: 'failed',
      key,
      failure: error instanceof ProviderError ? error : new ProviderError('unexpected', String(error)),
    };
  }
}
