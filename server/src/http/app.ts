// The Fastify application: security headers, body limit, rate limits, the auth, REST and API surfaces,
// and the built client with SPA fallback. `buildApp` does no I/O beyond reading the built index.html.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { authRoutes } from '../auth/routes';
import { restRoutes } from '../rest/routes';
import { apiRoutes } from '../api/routes';
import type { AppContext } from './context';
import { registerJsonParser } from './json-parser';
import { inlineScriptHashes, registerSecurityHeaders } from './security-headers';
import { readIndexHtml, registerStaticFiles } from './static-files';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // Tokens and passwords never reach the logs: headers are redacted, bodies are never logged.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', 'headers.authorization', 'headers.apikey'],
      censor: '[redacted]',
    },
  };
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(ctx.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify accepts a hop count too, which its types leave out.
    trustProxy: ctx.config.trustProxy as boolean | string,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
  });

  const indexHtml = readIndexHtml(ctx.config.staticDir);
  const scriptHashes = inlineScriptHashes(indexHtml);
  app.decorate('scriptHashes', scriptHashes);

  registerJsonParser(app);
  await registerSecurityHeaders(app, scriptHashes);
  await app.register(rateLimit, { global: false });

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: 'bad_request', message: (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(async (scope) => authRoutes(scope, ctx), { prefix: '/auth/v1' });
  await app.register(async (scope) => restRoutes(scope, ctx), { prefix: '/rest/v1' });
  await app.register(async (scope) => apiRoutes(scope, ctx), { prefix: '/api' });
  await registerStaticFiles(app, ctx.config.staticDir, indexHtml);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    scriptHashes: string[];
  }
}
