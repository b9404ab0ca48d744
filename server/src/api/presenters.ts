// The wire shapes of the /api endpoints' answers.
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../http/context';

/** The client's run-time configuration: where the Supabase-compatible services are, and the public anon key. */
export function presentClientConfig(ctx: Pick<AppContext, 'anonKey' | 'config'>, origin: string) {
  return { supabaseUrl: origin, anonKey: ctx.anonKey, providerName: ctx.config.ai.providerName };
}

/** This server's own origin as configured and bound (a wildcard host is reached as localhost). */
export function listenOrigin(address: AddressInfo | string | null, host: string): string {
  const port = typeof address === 'object' && address ? address.port : undefined;
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}${port ? `:${port}` : ''}`;
}
