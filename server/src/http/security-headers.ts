// Security headers for every response: a strict Content-Security-Policy (the built app's inline
// no-flash theme script is allowed by its hash), HSTS, nosniff, a referrer policy, no framing.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** sha256 sources for the inline scripts of the built index.html. */
export function inlineScriptHashes(indexHtml: string | undefined): string[] {
  if (!indexHtml) return [];
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export function contentSecurityPolicy(scriptHashes: string[]): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    // Radix primitives set inline style attributes and tags.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** The same headers as a plain object, for replies that bypass Fastify (hijacked SSE streams). */
export function cspHeaderValue(scriptHashes: string[]): string {
  return Object.entries(contentSecurityPolicy(scriptHashes))
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v.join(' ')}`)
    .join('; ');
}

export async function registerSecurityHeaders(app: FastifyInstance, scriptHashes: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(scriptHashes) },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/** The headers set by registerSecurityHeaders, for writing to a raw Node response. */
export function rawSecurityHeaders(scriptHashes: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': cspHeaderValue(scriptHashes),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built index.html's inline-script hashes, for the CSP of replies written to the raw socket (SSE). */
    scriptHashes: string[];
  }
}
