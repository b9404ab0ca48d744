// Where users reach this server, for the addresses it hands out (the client's config, the calendar feed's
// link and its note links): PUBLIC_URL when set (behind a proxy), else the address it is bound to. Never
// the request's Host header: a forged one would be handed back (and cached) as the app's address.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** This server's own origin as configured and bound (a wildcard host is reached as localhost). */
export function listenOrigin(address: AddressInfo | string | null, host: string): string {
  const port = typeof address === 'object' && address ? address.port : undefined;
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}${port ? `:${port}` : ''}`;
}

export function publicOrigin(config: Pick<Config, 'publicUrl' | 'host'>, server: FastifyInstance): string {
  return config.publicUrl ?? listenOrigin(server.server.address(), config.host);
}
