// Every unit test file: nothing but this machine (loopback addresses, Unix sockets) may be reached over
// the network. A connection elsewhere fails at once, like an unreachable host, and fails the test too,
// even when the code under test catches the error (an AI call to a real provider, say).
import net from 'node:net';
import { afterEach } from 'vitest';

const blocked: string[] = [];

function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    name === 'localhost' ||
    name === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(name) ||
    name === '0:0:0:0:0:0:0:1'
  );
}

/** Where Socket#connect was asked to go, from any of its call forms; null for a Unix socket. */
function destination(args: unknown[]): { host: string; port: unknown } | null {
  // net.connect() passes the normalized arguments as one array: [options, callback].
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: unknown; host?: unknown; port?: unknown };
    if (typeof options.path === 'string') return null;
    return {
      host: typeof options.host === 'string' && options.host !== '' ? options.host : 'localhost',
      port: options.port,
    };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null; // a path
  const host = typeof args[1] === 'string' && args[1] !== '' ? args[1] : 'localhost';
  return { host, port: first };
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connectLoopbackOnly(this: net.Socket, ...args: unknown[]) {
  const target = destination(args);
  if (target && !isLoopback(target.host)) {
    const where = `${target.host}:${String(target.port)}`;
    blocked.push(where);
    const error = Object.assign(new Error(`Unit tests may only reach loopback addresses, not ${where}`), {
      code: 'ECONNREFUSED',
    });
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

/** The blocked destinations since the last call (for the test of this guard). */
export function takeBlockedConnections(): string[] {
  return blocked.splice(0);
}

afterEach(() => {
  const attempts = takeBlockedConnections();
  if (attempts.length > 0)
    throw new Error(`The test tried to reach ${attempts.join(', ')}: unit tests may only reach loopback addresses.`);
});
