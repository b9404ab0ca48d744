// The one-line answer to the ways `listen` fails on a newcomer's machine, instead of a stack trace.

interface ListenTarget {
  host: string;
  port: number;
}

/** A sentence saying what went wrong and what to do, or null for an error this does not know. */
export function describeListenError(error: unknown, { host, port }: ListenTarget): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return (
        `Port ${port} on ${host} is already in use, by another Sprout or another program. ` +
        `Stop it, or start Sprout on another port: PORT=${port === 65535 ? 3000 : port + 1} npm start`
      );
    case 'EACCES':
      return `Port ${port} needs administrator rights on this machine. Use a port above 1023, e.g. PORT=3000 npm start`;
    case 'EADDRNOTAVAIL':
      return `HOST=${host} is not an address of this machine. Use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST=${host} could not be resolved. Use an address such as 127.0.0.1 or 0.0.0.0.`;
    default:
      return null;
  }
}
