// The wire shapes of the /api endpoints' answers.
import type { AppContext } from '../http/context';

/** The client's run-time configuration: where the Supabase-compatible services are, and the public anon key. */
export function presentClientConfig(ctx: Pick<AppContext, 'anonKey' | 'config'>, origin: string) {
  return { supabaseUrl: origin, anonKey: ctx.anonKey, providerName: ctx.config.ai.providerName };
}
