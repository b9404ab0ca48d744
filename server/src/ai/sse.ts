// A text/event-stream reply written straight to the socket (the Fastify reply is hijacked): our own
// security headers, no compression, no proxy buffering, each event written as it comes. The
// headers go out with the first event (in one write), so an error that comes first can still carry Retry-After.
// `signal` aborts when the browser goes away before the reply has ended.
import type { FastifyReply } from 'fastify';
import type { AiEventName, AiEventPayloads } from '#core/ai-events';
import { rawSecurityHeaders } from '../http/security-headers';
import type { TurnOutput } from './turn';

/** A comment line this often keeps proxies from closing a quiet stream (e.g. during fallback waits). */
const HEARTBEAT_MS = 15_000;

export class SseReply implements TurnOutput {
  private readonly controller = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;
  private started = false;
  private ended = false;

  constructor(
    private readonly reply: FastifyReply,
    private readonly baseHeaders: Record<string, string>,
  ) {
    reply.hijack();
    const socket = reply.raw.socket;
    // The browser may have left while the request was being checked.
    if (reply.raw.destroyed || !socket || socket.destroyed) this.controller.abort();
    // A write to a socket that just failed: stop the turn rather than crash.
    reply.raw.on('error', () => this.controller.abort());
    reply.raw.on('close', () => {
      if (!this.ended) this.controller.abort();
      clearInterval(this.heartbeat);
    });
    this.heartbeat = setInterval(() => this.comment('keep-alive'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Aborted when the client disconnects before the reply ended. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get open(): boolean {
    return !this.ended && !this.controller.signal.aborted;
  }

  /** Sends one event; the first one also sends the status line and headers (plus any extra headers). */
  send<E extends AiEventName>(event: E, data: AiEventPayloads[E], extraHeaders: Record<string, string> = {}): void {
    if (!this.open) return;
    this.start(extraHeaders);
    this.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    if (this.controller.signal.aborted) return;
    this.start({});
    this.reply.raw.end();
  }

  private comment(text: string): void {
    if (!this.open) return;
    this.start({});
    this.reply.raw.write(`: ${text}\n\n`);
  }

  private start(extraHeaders: Record<string, string>): void {
    if (this.started) return;
    this.started = true;
    this.reply.raw.writeHead(200, {
      ...this.baseHeaders,
      ...extraHeaders,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    // Not flushed alone: the write or end that always follows carries the headers in the same packet.
  }
}

/** Hijacks the reply for an event stream, keeping headers already set on it (e.g. rate-limit counters). */
export function openSse(reply: FastifyReply, scriptHashes: string[]): SseReply {
  const inherited: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || /^(content-type|content-length|content-encoding|transfer-encoding)$/i.test(name))
      continue;
    inherited[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return new SseReply(reply, { ...inherited, ...rawSecurityHeaders(scriptHashes) });
}
