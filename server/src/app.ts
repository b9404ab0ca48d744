// The composition root, the one place the server is put together: secrets and token signer over an open
// database, then the Fastify app: the kernel (http/: JSON bodies, security headers, rate limits, the
// caller on every request), the surfaces side by side, each with its error mapper and the
// authentication hook (http/surface.ts), and the built client with SPA fallback. Only main.ts, tests
// and benchmarks import this file.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { aiRoutes } from './ai/routes';
import { apiRoutes } from './api/routes';
import { readAppVersion } from './startup/version';
import { historyRoutes } from './history/routes';
import { authRoutes } from './auth/routes';
import { calendarFeedRoutes, calendarFileRoutes } from './calendar/routes';
import type { Config } from './config';
import { userScope } from './db/as-user';
import type { Database } from './db/database';
import { serializeError } from './db/error-serializer';
import { decorateCaller } from './http/authentication';
import type { AppContext } from './http/context';
import { gotrueErrors } from './http/errors/gotrue-errors';
import { jsonErrors } from './http/errors/json-errors';
import { registerJsonParser } from './http/json-parser';
import { registerLoadShedding } from './http/load-shedding';
import { rateLimitBackend } from './http/rate-limit-store';
import { inlineScriptHashes, registerSecurityHeaders } from './http/security-headers';
import { assistantRoutes } from './ai/meaning/routes';
import { createAssistant, type Assistant } from './ai/meaning/service';
import { registerShareTarget } from './http/share-target';
import { reminderRoutes } from './reminders/routes';
import { createReminders, type Reminders } from './reminders/service';
import { readIndexHtml, registerStaticFiles } from './http/static-files';
import { registerSurface } from './http/surface';
import { RefreshTokens } from './identity/refresh-tokens';
import { SessionCache } from './identity/session-cache';
import { TokenSigner } from './identity/tokens';
import { recordRequests } from './metrics/http-metrics';
import { listenForScrapes, type MetricsListener } from './metrics/listener';
import { createMetrics, type AppMetrics } from './metrics/registry';
import { metricsRoutes } from './metrics/routes';
import { DEFAULT_REALTIME_LIMITS, RealtimeHub } from './realtime/hub';
import { realtimeRoutes } from './realtime/routes';
import { restErrorMapper, restRoutes } from './rest/routes';
import { loadEncryptionKey, loadJwtSecret, loadSharedJwtSecret } from './secrets';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // Tokens and passwords never reach the logs: headers are redacted, bodies are never logged.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.apikey',
        'req.headers.cookie',
        'headers.authorization',
        'headers.apikey',
      ],
      censor: '[redacted]',
    },
    // Every logged error, from any surface or from Fastify itself: never a database error's query or params.
    serializers: { err: (error: unknown) => ({ message: '', stack: '', ...serializeError(error) }) },
  };
}

/**
 * The app over a database, open or still opening (used by main.ts, tests and benchmarks); it does no I/O
 * beyond reading the built index.html and the secrets, and resolves once the database answers.
 */
export async function createServer(
  config: Config,
  database: Database,
  options: BuildAppOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; realtime: RealtimeHub }> {
  const jwtSecret =
    database.kind === 'postgres' ? await loadSharedJwtSecret(config, database.db) : loadJwtSecret(config);
  const signer = new TokenSigner(jwtSecret);
  // The generated key is a row of the database, which may still be opening (main.ts, a restart on
  // PGlite): read while the app is built, which needs no query. The context is complete before this
  // returns, so before the server listens: no request sees it without its key.
  const encryption = loadEncryptionKey(config, database.db);
  encryption.catch(() => undefined);
  const ctx: AppContext = {
    config,
    db: database.db,
    asUser: userScope(database, config.requestRole),
    signer,
    // Refresh-token derivation uses its own key, separate from the JWT signing key.
    refreshTokens: new RefreshTokens(`refresh:${jwtSecret}`),
    sessions: new SessionCache(),
    anonKey: await signer.signAnonKey(),
    encryptionKey: Buffer.alloc(0),
    encryptionKeyId: '',
    version: readAppVersion(),
  };
  const app = await buildApp(ctx, database, options);
  const realtime = app.realtimeHub;
  app.addHook('onClose', () => realtime.stop());
  // Fastify loads the registered plugins and builds the routes at ready(), which listen() would call
  // after the database is open: done now, while it may still be opening.
  await app.ready();
  ({ key: ctx.encryptionKey, keyId: ctx.encryptionKeyId } = await encryption);
  await realtime.start((listener) => database.listenChanges(listener));
  const { metrics } = app;
  if (metrics && config.metrics.port !== undefined) {
    // Its own port (loopback by default), bound with the app: a scraper never needs the public port.
    app.metricsListener = await listenForScrapes(metrics.registry, {
      port: config.metrics.port,
      host: config.metrics.host,
    });
  }
  return { app, ctx, realtime };
}

declare module 'fastify' {
  interface FastifyInstance {
    realtimeHub: RealtimeHub;
    /** The assistant's index of the users' notes (its indexer is scheduled by main.ts). */
    assistant: Assistant;
    /** Reminders by Web Push: the push keys and the scheduler (scheduled by main.ts). */
    reminders: Reminders;
    /** This app's metrics; null unless METRICS_PORT or METRICS_TOKEN serves them. */
    metrics: AppMetrics | null;
    /** The metrics' own listener, while METRICS_PORT is set. */
    metricsListener: MetricsListener | null;
  }
}

async function buildApp(ctx: AppContext, database: Database, options: BuildAppOptions): Promise<FastifyInstance> {
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
  // Before every other hook: a shed request costs as little as possible.
  await registerLoadShedding(app, ctx.config.loadShedding);
  // Shared by every server (Redis, or PostgreSQL); in memory for the one process of the embedded database.
  const limits = await rateLimitBackend({
    redisUrl: ctx.config.redisUrl,
    db: ctx.db,
    shared: database.kind === 'postgres',
  });
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, { global: false, ...limits.options });
  const hub = new RealtimeHub({
    db: ctx.db,
    asUser: ctx.asUser,
    signer: ctx.signer,
    sessions: ctx.sessions,
    log: app.log,
    limits: {
      ...DEFAULT_REALTIME_LIMITS,
      maxSocketsPerUser: ctx.config.realtime.maxSocketsPerUser,
      maxChannelsPerSocket: ctx.config.realtime.maxChannelsPerSocket,
    },
    now: Date.now,
  });
  app.decorate('realtimeHub', hub);
  // Measured only where someone can read them: per request the cost is a few histogram updates.
  const { metrics: served } = ctx.config;
  const metrics =
    served.port !== undefined || served.token !== undefined
      ? createMetrics({
          databaseLoad: () => database.load(),
          realtimeSockets: () => hub.size,
          changeFeedUp: () => hub.feedStatus() === 'up',
        })
      : null;
  app.decorate('metrics', metrics);
  app.decorate('metricsListener', null);
  // Opened by createServer once the app is ready; closed with it.
  app.addHook('onClose', async () => app.metricsListener?.close());
  if (metrics) {
    recordRequests(app, metrics);
    database.observeQueries(metrics.observeQuery);
    // A test's database outlives its app (test/kit/pglite-pool.ts): stop feeding this app's registry.
    app.addHook('onClose', async () => database.observeQueries(null));
  }
  // Before the plugin's own preClose: our sockets hear "reconnect" (1012), not a bare close.
  app.addHook('preClose', (done) => {
    hub.beginShutdown();
    done();
  });
  // An oversized frame closes that socket with 1009; nobody else notices.
  await app.register(websocket, { options: { maxPayload: ctx.config.realtime.maxFrameBytes } });
  decorateCaller(app);
  // Outside any surface (static files), errors take our own JSON shape.
  app.setErrorHandler(jsonErrors);

  // The assistant's index of the users' notes, which the AI surface's answers and search read.
  app.decorate('assistant', createAssistant(ctx, app.log));
  app.decorate('reminders', createReminders(ctx, app.log));

  // The surfaces, side by side: none mounts or imports another.
  await registerSurface(app, ctx, { prefix: '/auth/v1', errors: gotrueErrors, auth: 'none', routes: authRoutes });
  await registerSurface(app, ctx, { prefix: '/rest/v1', errors: restErrorMapper, auth: 'user', routes: restRoutes });
  await registerSurface(app, ctx, { prefix: '/api', errors: jsonErrors, auth: 'none', routes: apiRoutes });
  await registerSurface(app, ctx, {
    prefix: '/api',
    errors: jsonErrors,
    auth: 'user',
    routes: aiRoutes(metrics?.ai),
  });
  await registerSurface(app, ctx, { prefix: '/api', errors: jsonErrors, auth: 'user', routes: historyRoutes });
  await registerSurface(app, ctx, {
    prefix: '/api',
    errors: jsonErrors,
    auth: 'user',
    routes: assistantRoutes(app.assistant),
  });
  // The calendar feed: its management for the signed-in user, and the feed itself, whose token is its credential.
  await registerSurface(app, ctx, { prefix: '/api', errors: jsonErrors, auth: 'user', routes: calendarFeedRoutes });
  await registerSurface(app, ctx, {
    prefix: '/calendar',
    errors: jsonErrors,
    auth: 'none',
    routes: calendarFileRoutes,
  });
  await registerSurface(app, ctx, {
    prefix: '/api',
    errors: jsonErrors,
    auth: 'user',
    routes: reminderRoutes(app.reminders),
  });
  await registerSurface(app, ctx, {
    prefix: '/realtime/v1',
    errors: jsonErrors,
    auth: 'none',
    routes: realtimeRoutes(hub),
  });
  if (metrics && served.token !== undefined) {
    await registerSurface(app, ctx, {
      prefix: '/api',
      errors: jsonErrors,
      auth: 'none',
      routes: metricsRoutes(metrics.registry, served.token),
    });
  }

  await registerShareTarget(app);
  await registerStaticFiles(app, ctx.config.staticDir, indexHtml);
  return app;
}
