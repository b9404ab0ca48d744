// The composition root, the one place the server is put together: secrets and token signer over an open
// database, then the Fastify app: the kernel (http/: JSON bodies, security headers, rate limits, the
// caller on every request), the surfaces side by side, each with its error mapper and the
// authentication hook (http/surface.ts), and the built client with SPA fallback. Only main.ts, tests
// and benchmarks import this file.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { aiRoutes } from './ai/routes';
import { apiRoutes } from './api/routes';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import type { Database } from './db/database';
import { serializeError } from './db/error-serializer';
import { decorateCaller } from './http/authentication';
import type { AppContext } from './http/context';
import { gotrueErrors } from './http/errors/gotrue-errors';
import { jsonErrors } from './http/errors/json-errors';
import { registerJsonParser } from './http/json-parser';
import { inlineScriptHashes, registerSecurityHeaders } from './http/security-headers';
import { readIndexHtml, registerStaticFiles } from './http/static-files';
import { registerSurface } from './http/surface';
import { RefreshTokens } from './identity/refresh-tokens';
import { SessionCache } from './identity/session-cache';
import { TokenSigner } from './identity/tokens';
import { restErrorMapper, restRoutes } from './rest/routes';
import { loadEncryptionKey, loadJwtSecret } from './secrets';

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
    // Every logged error, from any surface or from Fastify itself: never a database error's query or params.
    serializers: { err: (error: unknown) => ({ message: '', stack: '', ...serializeError(error) }) },
  };
}

/** The app over an open database (used by main.ts, tests and benchmarks); it does no I/O beyond reading the built index.html and the secrets. */
export async function createServer(
  config: Config,
  database: Database,
  options: BuildAppOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const jwtSecret = loadJwtSecret(config);
  const signer = new TokenSigner(jwtSecret);
  const { key, keyId } = await loadEncryptionKey(config, database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    signer,
    // Refresh-token derivation uses its own key, separate from the JWT signing key.
    refreshTokens: new RefreshTokens(`refresh:${jwtSecret}`),
    sessions: new SessionCache(),
    anonKey: await signer.signAnonKey(),
    encryptionKey: key,
    encryptionKeyId: keyId,
  };
  const app = await buildApp(ctx, options);
  return { app, ctx };
}

async function buildApp(ctx: AppContext, options: BuildAppOptions): Promise<FastifyInstance> {
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

  // The kernel: the same for every surface.
  registerJsonParser(app);
  await registerSecurityHeaders(app, scriptHashes);
  await app.register(rateLimit, { global: false });
  decorateCaller(app);
  // Outside any surface (static files), errors take our own JSON shape.
  app.setErrorHandler(jsonErrors);

  // The surfaces, side by side: none mounts or imports another.
  await registerSurface(app, ctx, { prefix: '/auth/v1', errors: gotrueErrors, auth: 'none', routes: authRoutes });
  await registerSurface(app, ctx, { prefix: '/rest/v1', errors: restErrorMapper, auth: 'user', routes: restRoutes });
  await registerSurface(app, ctx, { prefix: '/api', errors: jsonErrors, auth: 'none', routes: apiRoutes });
  await registerSurface(app, ctx, { prefix: '/api', errors: jsonErrors, auth: 'user', routes: aiRoutes });

  await registerStaticFiles(app, ctx.config.staticDir, indexHtml);
  return app;
}
