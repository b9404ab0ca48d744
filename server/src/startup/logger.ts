// Log output by audience: human-readable lines at a terminal, JSON lines (one object each) otherwise,
// where log collectors read them. Either way through pino, with the same redaction.
import type { FastifyServerOptions } from 'fastify';

/** Fastify's logger options; `base` is the redacting configuration every server uses. */
export async function startLogger(
  base: FastifyServerOptions['logger'],
  terminal: { isTTY: boolean; color: boolean },
): Promise<FastifyServerOptions['logger']> {
  if (!terminal.isTTY || typeof base !== 'object' || base === null) return base;
  // Only a terminal needs the pretty printer: servers under a supervisor never load it.
  const { default: pretty } = await import('pino-pretty');
  return {
    ...base,
    stream: pretty({
      colorize: terminal.color,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
      sync: true,
    }),
  };
}
