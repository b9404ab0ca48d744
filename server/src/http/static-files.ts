// Serves the built client: the build's brotli or gzip copy when the browser accepts it, hashed assets
// cached for a year, index.html and the service worker never cached, source maps never, and every
// client route (but never an API path) answered with index.html.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export const API_PREFIXES = ['/api/', '/auth/', '/rest/', '/calendar/'];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname.startsWith(p) || pathname === p.slice(0, -1));
}

export function readIndexHtml(staticDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
}

const NO_CACHE_FILES = new Set([
  'index.html',
  'sw.js',
  'sw-warm.js',
  'sw-share.js',
  'sw-push.js',
  'registerSW.js',
  'manifest.webmanifest',
]);

/** The file a precompressed copy stands for: `index-abc.js.br` is `index-abc.js`. */
export function uncompressedName(filePath: string): string {
  return path.basename(filePath).replace(/\.(br|gz)$/, '');
}

/** Maps stay on disk for debugging a build, and the build's manifest for its own checks; serving them would publish the sources' layout. */
export function isServedPath(pathname: string): boolean {
  return !/\.map$/i.test(pathname) && !pathname.startsWith('/.vite/');
}

export async function registerStaticFiles(app: FastifyInstance, staticDir: string, indexHtml: string | undefined) {
  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: 'index.html',
      wildcard: true,
      // The build writes `<file>.br` and `<file>.gz` beside each compressible file (vite.config.ts).
      preCompressed: true,
      allowedPath: (pathname) => isServedPath(pathname),
      cacheControl: false,
      setHeaders(res, filePath) {
        const name = uncompressedName(filePath);
        if (NO_CACHE_FILES.has(name)) res.header('Cache-Control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (a path whose last segment has an extension) is a 404, not the app.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !looksLikeFile;
    if (wantsPage && indexHtml !== undefined) {
      // Through @fastify/static, so a deep link gets the compressed index.html as `/` does.
      return reply.code(200).sendFile('index.html');
    }
    return reply.code(404).send({ error: 'not_found', message: `Route ${request.method} ${pathname} not found` });
  });
}
