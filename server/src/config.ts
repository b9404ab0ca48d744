// Runtime configuration: environment variables validated once at start-up (ARCHITECTURE section 2).
import path from 'node:path';
import { z } from 'zod';

const intFromEnv = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const envSchema = z.object({
  PORT: intFromEnv(3000).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // The address users reach the app at (behind a proxy); /api/config names it. Default: the bound address.
  PUBLIC_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  OPENROUTER_API_KEY: z.string().min(1).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_BASE_URL: z.string().url().default('https://openrouter.ai/api/v1'),
  AI_PROVIDER_NAME: z.string().min(1).default('OpenRouter'),
  AI_MODEL_EXPAND: z.string().min(1).default('openai/gpt-4o-mini'),
  AI_MODEL_CHAT: z.string().min(1).default('openai/gpt-3.5-turbo'),
  AI_TIMEOUT_MS: intFromEnv(60_000, 1),
  // The assistant's index of meaning (issue 34): the model that embeds notes, and optionally another
  // OpenAI-compatible server for it (a local Ollama or vLLM) with its own key.
  AI_EMBEDDING_MODEL: z.string().min(1).default('openai/text-embedding-3-small'),
  AI_EMBEDDING_BASE_URL: z.string().url().optional(),
  AI_EMBEDDING_API_KEY: z.string().min(1).optional(),
  // How often the indexer looks for notes to embed when no change woke it (ms).
  ASSISTANT_INDEX_INTERVAL_MS: intFromEnv(15_000, 50),
  ENCRYPTION_KEY: z.string().optional(),
  // Reminders by Web Push (issue 35): the VAPID key pair (base64url, as web-push writes it; else generated
  // once into the database), the contact the push services are given, and how often the scheduler looks
  // for due reminders (ms; 0 turns push reminders off).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be 65 bytes in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be 32 bytes in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  REMINDER_INTERVAL_MS: intFromEnv(30_000),
  // Tests only: lets a browser subscribe with a push service on http://127.0.0.1 or localhost.
  PUSH_ALLOW_LOOPBACK_HTTP: z.enum(['true', 'false', '1', '0']).optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().optional(),
  // Per-IP limits on the auth service (GoTrue's defaults) and a per-user limit on AI calls.
  RATE_LIMIT_WINDOW_MS: intFromEnv(5 * 60_000, 1),
  RATE_LIMIT_TOKEN: intFromEnv(150, 1),
  RATE_LIMIT_TOKEN_REFRESH: intFromEnv(150, 1),
  RATE_LIMIT_SIGNUP: intFromEnv(30, 1),
  RATE_LIMIT_AI: intFromEnv(60, 1),
  RATE_LIMIT_AI_WINDOW_MS: intFromEnv(10 * 60_000, 1),
  // Searches by meaning per user in the same window: each embeds its query.
  RATE_LIMIT_SEARCH: intFromEnv(600, 1),
  // Fetches of a calendar feed per window (issue 35): per token (a calendar app polls every few minutes to
  // hours, from each device subscribed) and per IP (Google's and Apple's fetchers share theirs among users).
  RATE_LIMIT_CALENDAR: intFromEnv(60, 1),
  RATE_LIMIT_CALENDAR_IP: intFromEnv(1200, 1),
  RATE_LIMIT_CALENDAR_WINDOW_MS: intFromEnv(60 * 60_000, 1),
  // Password checks of a signed-in user (a password change, account deletion): GoTrue's verify figure.
  RATE_LIMIT_VERIFY: intFromEnv(30, 1),
  // Per-user writes to /rest/v1 (requests per window) and the notes one user may keep (rows, tombstones included).
  RATE_LIMIT_WRITE: intFromEnv(120, 1),
  RATE_LIMIT_WRITE_WINDOW_MS: intFromEnv(60_000, 1),
  NOTES_QUOTA: intFromEnv(20_000, 1),
  // Closes sign-up whatever the instance setting says (GoTrue's GOTRUE_DISABLE_SIGNUP); `false` opens it.
  DISABLE_SIGNUP: z.enum(['true', 'false', '1', '0']).optional(),
  // The database role a user's statements run as (db/as-user.ts); `owner` runs them as the server's own
  // account, without row-level security: the benchmarks' floor, or a database where the role is missing.
  REQUEST_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'REQUEST_ROLE must be a role name or owner')
    .default('sprout_user'),
  NODE_ENV: z.string().optional(),
  // The realtime feed's per-user limits (per server) and the largest frame a client may send.
  REALTIME_MAX_SOCKETS_PER_USER: intFromEnv(10, 1),
  REALTIME_MAX_CHANNELS_PER_SOCKET: intFromEnv(10, 1),
  REALTIME_MAX_FRAME_BYTES: intFromEnv(64 * 1024, 1024),
  // Prometheus metrics: never on the public port unless a token guards them (docs/decisions.md).
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // Load shedding (http/load-shedding.ts): 0 turns a check off.
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: intFromEnv(1000),
  LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  LOAD_SHED_MAX_HEAP_BYTES: intFromEnv(0),
  LOAD_SHED_MAX_RSS_BYTES: intFromEnv(0),
  LOAD_SHED_MAX_IN_FLIGHT: intFromEnv(1000),
  LOAD_SHED_SAMPLE_MS: intFromEnv(500, 10),
  LOAD_SHED_RETRY_AFTER_S: intFromEnv(5, 1),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /** Rate-limit counters go here when set (else PostgreSQL with DATABASE_URL, else memory). */
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  encryptionKey: string | undefined;
  /** Reminders by Web Push (server/src/reminders/). */
  push: {
    /** Both or neither: unset, the pair is generated once into the database (secrets.ts). */
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    /** The contact given to push services: VAPID_SUBJECT, else PUBLIC_URL when https, else a mailto. */
    vapidSubject: string;
    /** How often each server looks for due reminders; 0: push reminders are off. */
    reminderIntervalMs: number;
    /** Subscriptions may name a push service on http loopback (the tests' own). */
    allowLoopbackHttp: boolean;
  };
  trustProxy: boolean | string | number;
  logLevel: Env['LOG_LEVEL'];
  staticDir: string;
  ai: {
    serverKey: string | undefined;
    baseUrl: string;
    providerName: string;
    modelExpand: string;
    modelChat: string;
    timeoutMs: number;
    embedding: {
      model: string;
      /** Another server for embeddings; undefined: the chat's (baseUrl, with the chat's key). */
      baseUrl: string | undefined;
      apiKey: string | undefined;
      indexIntervalMs: number;
    };
  };
  rateLimits: {
    windowMs: number;
    token: number;
    tokenRefresh: number;
    signup: number;
    ai: number;
    aiWindowMs: number;
    search: number;
    /** Calendar feed fetches per token and per IP, per `calendarWindowMs`. */
    calendar: number;
    calendarIp: number;
    calendarWindowMs: number;
    verify: number;
    write: number;
    writeWindowMs: number;
  };
  /** Most notes rows (live and tombstones) one user may have. */
  notesQuota: number;
  /** DISABLE_SIGNUP when set; undefined leaves it to the instance setting (`npm run admin -- signup close`). */
  disableSignup: boolean | undefined;
  /** The role users' statements run as (REQUEST_ROLE); null: the server's own account, no row-level security. */
  requestRole: string | null;
  realtime: {
    maxSocketsPerUser: number;
    maxChannelsPerSocket: number;
    maxFrameBytes: number;
  };
  /** Prometheus metrics: a listener of its own when `port` is set, /api/metrics when `token` is. */
  metrics: {
    port: number | undefined;
    host: string;
    token: string | undefined;
  };
  /** When to answer 503 instead of serving (http/load-shedding.ts); 0 turns a check off. */
  loadShedding: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapBytes: number;
    maxRssBytes: number;
    maxInFlight: number;
    sampleIntervalMs: number;
    retryAfterSeconds: number;
  };
}

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError with every problem listed when something is invalid. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // Empty strings count as unset, as they do in most deployment tools' env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.ENCRYPTION_KEY !== undefined && !isValidEncryptionKey(e.ENCRYPTION_KEY)) {
    throw new ConfigError('Invalid configuration: ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64');
  }
  // A generated key lives in the same database as the ciphertexts it protects: fine on one machine, not
  // in production, where a database dump or backup alone must not reveal users' provider keys.
  if (e.NODE_ENV === 'production' && e.ENCRYPTION_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration: ENCRYPTION_KEY is required when NODE_ENV=production (32 bytes as 64 hex characters or base64, e.g. `openssl rand -hex 32`)',
    );
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:admin@localhost'),
      reminderIntervalMs: e.REMINDER_INTERVAL_MS,
      allowLoopbackHttp: e.PUSH_ALLOW_LOOPBACK_HTTP === 'true' || e.PUSH_ALLOW_LOOPBACK_HTTP === '1',
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR ?? 'dist/client'),
    ai: {
      serverKey: e.OPENROUTER_API_KEY ?? e.AI_API_KEY,
      baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
      providerName: e.AI_PROVIDER_NAME,
      modelExpand: e.AI_MODEL_EXPAND,
      modelChat: e.AI_MODEL_CHAT,
      timeoutMs: e.AI_TIMEOUT_MS,
      embedding: {
        model: e.AI_EMBEDDING_MODEL,
        baseUrl: e.AI_EMBEDDING_BASE_URL?.replace(/\/+$/, ''),
        apiKey: e.AI_EMBEDDING_API_KEY,
        indexIntervalMs: e.ASSISTANT_INDEX_INTERVAL_MS,
      },
    },
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      token: e.RATE_LIMIT_TOKEN,
      tokenRefresh: e.RATE_LIMIT_TOKEN_REFRESH,
      signup: e.RATE_LIMIT_SIGNUP,
      ai: e.RATE_LIMIT_AI,
      aiWindowMs: e.RATE_LIMIT_AI_WINDOW_MS,
      search: e.RATE_LIMIT_SEARCH,
      calendar: e.RATE_LIMIT_CALENDAR,
      calendarIp: e.RATE_LIMIT_CALENDAR_IP,
      calendarWindowMs: e.RATE_LIMIT_CALENDAR_WINDOW_MS,
      verify: e.RATE_LIMIT_VERIFY,
      write: e.RATE_LIMIT_WRITE,
      writeWindowMs: e.RATE_LIMIT_WRITE_WINDOW_MS,
    },
    notesQuota: e.NOTES_QUOTA,
    disableSignup: e.DISABLE_SIGNUP === undefined ? undefined : e.DISABLE_SIGNUP === 'true' || e.DISABLE_SIGNUP === '1',
    requestRole: e.REQUEST_ROLE === 'owner' ? null : e.REQUEST_ROLE,
    realtime: {
      maxSocketsPerUser: e.REALTIME_MAX_SOCKETS_PER_USER,
      maxChannelsPerSocket: e.REALTIME_MAX_CHANNELS_PER_SOCKET,
      maxFrameBytes: e.REALTIME_MAX_FRAME_BYTES,
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapBytes: e.LOAD_SHED_MAX_HEAP_BYTES,
      maxRssBytes: e.LOAD_SHED_MAX_RSS_BYTES,
      maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT,
      sampleIntervalMs: e.LOAD_SHED_SAMPLE_MS,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_S,
    },
    ...overrides,
  };
}

export function isValidEncryptionKey(value: string): boolean {
  return /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32;
}

function parseTrustProxy(value: string | undefined): boolean | string | number {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
