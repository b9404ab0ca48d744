// Starting the server as `npm start` runs it (scripts/start.mjs, the compiled bundle) in a process of
// its own, on a free port, for tests that need the real process: signals, or a load that the test's
// own event loop must not share with the server.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { seedDataDir } from '../../test/kit/pglite-image-cache';
// Its ProvidedContext entry types `inject('pgliteImage')`.
import type {} from '../../test/kit/test-server';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** stdout and stderr so far, interleaved. */
  output: () => string;
  /** Resolves with the exit code once the process has exited and its output has been read. */
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Gives an empty DATA_DIR the migrated database, as a first start leaves it: the server opens it instead
 * of running initdb, several CPU-seconds that only process.test.ts's first start needs to pay. For the
 * embedded-database project only (the image is its global set-up's).
 */
export async function seedWithMigratedImage(dataDir: string): Promise<void> {
  await seedDataDir(dataDir, inject('pgliteImage'));
}

/** Starts a server on an embedded database in `dataDir`; resolves once /api/health answers. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(dataDir, 'none'),
      // No client build: the server only.
      SPROUT_SKIP_BUILD: '1',
      LOG_LEVEL: 'info',
      OPENROUTER_API_KEY: '',
      AI_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      fetch(`${url}/api/health`).then(
        (res) => {
          if (res.ok) {
            clearInterval(timer);
            resolve();
          }
        },
        () => undefined,
      );
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  return { child, url, output: () => output, exited };
}

/** Signs a new user up through /auth/v1; returns the access token and the user id. */
export async function signUpOn(
  url: string,
  email: string,
): Promise<{ token: string; userId: string; anonKey: string }> {
  const { anonKey } = (await (await fetch(`${url}/api/config`)).json()) as { anonKey: string };
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple' }),
  });
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id, anonKey };
}
