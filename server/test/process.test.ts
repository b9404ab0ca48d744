// The server as `npm start` runs it, in its own process: data in DATA_DIR survives a restart, SIGTERM
// shuts it down cleanly, and a second server on the same DATA_DIR refuses to start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-process-'));
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  startupMs: number;
  output: () => string;
}

function startServer(port: number): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', STATIC_DIR: path.join(dataDir, 'none'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const timer = setInterval(async () => {
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) {
          clearInterval(timer);
          resolve({ child, url, startupMs: performance.now() - began, output: () => output });
        }
      } catch {
        // not listening yet
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null }> {
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code })));
}

async function config(url: string) {
  return (await (await fetch(`${url}/api/config`)).json()) as { anonKey: string };
}

async function auth(url: string, anonKey: string, pathAndQuery: string, body: unknown) {
  const res = await fetch(`${url}/auth/v1/${pathAndQuery}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(process.env.SPROUT_TEST_DATABASE === 'postgres')('the server process', { timeout: 180_000 }, () => {
  const credentials = { email: 'restart@example.com', password: 'survives a restart' };
  let refreshToken = '';

  it('starts on an empty DATA_DIR, refuses a second server there, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await startServer(port);
    console.info(`first start (initdb + migrations): ${Math.round(first.startupMs)} ms`);
    const { anonKey } = await config(first.url);
    const signup = await auth(first.url, anonKey, 'signup', credentials);
    expect(signup.status).toBe(200);
    refreshToken = String(signup.body.refresh_token);

    const second = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(second);
    let secondOutput = '';
    second.stderr?.on('data', (d: Buffer) => (secondOutput += d.toString()));
    const secondExit = await exitOf(second);
    expect(secondExit.code).toBe(1);
    expect(secondOutput).toMatch(/already using/);

    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    // Exit code 0: the graceful path finished; past its 10 s grace the server exits with 1.
    const { code } = await exited;
    expect(code).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'sprout.lock'))).toBe(false);
  });

  it('keeps users, sessions and the signing secret across a restart', async () => {
    const restarted = await startServer(await freePort());
    console.info(`restart: ${Math.round(restarted.startupMs)} ms`);
    const { anonKey } = await config(restarted.url);
    const signin = await auth(restarted.url, anonKey, 'token?grant_type=password', credentials);
    expect(signin.status).toBe(200);
    const refreshed = await auth(restarted.url, anonKey, 'token?grant_type=refresh_token', { refresh_token: refreshToken });
    expect(refreshed.status).toBe(200);
    const exited = exitOf(restarted.child);
    restarted.child.kill('SIGINT');
    expect((await exited).code).toBe(0);
  });
});
