// The server as `npm start` runs it (scripts/start.mjs: the compiled bundle), in its own process: data in DATA_DIR survives a restart, SIGTERM
// shuts it down cleanly, a second server on the same DATA_DIR or a port in use gets one clear line, and
// the start-up output is JSON for log collectors but a banner at a terminal.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../src/db/migrate';
import { describeVersion, readAppVersion } from '../src/startup/version';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-process-'));
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) {
    // A detached child leads its own process group (the terminal case): stop the whole group.
    try {
      if (child.spawnargs[0] === 'script' && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  startupMs: number;
  /** stdout and stderr, interleaved. */
  output: () => string;
  stdout: () => string;
}

const serverEnv = (port: number) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  STATIC_DIR: path.join(dataDir, 'none'),
  DATABASE_URL: '',
  // No client build: these tests need the server only (STATIC_DIR points nowhere).
  SPROUT_SKIP_BUILD: '1',
  OPENROUTER_API_KEY: '',
  AI_API_KEY: '',
});

/** What `npm start` runs. */
const START = [process.execPath, 'scripts/start.mjs'];

/**
 * Starts the server as `npm start` does; with `terminal`, under util-linux's `script`, which gives it a
 * pseudo-terminal as stdout (in its own process group, so the whole group can be stopped).
 */
function startServer(port: number, { terminal = false } = {}): Promise<Started> {
  const began = performance.now();
  const command = START;
  const child = terminal
    ? spawn('script', ['-qfec', command.join(' '), '/dev/null'], {
        cwd: root,
        env: serverEnv(port),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(command[0]!, command.slice(1), { cwd: root, env: serverEnv(port), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const timer = setInterval(async () => {
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) {
          clearInterval(timer);
          resolve({ child, url, startupMs: performance.now() - began, output: () => output, stdout: () => stdout });
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

/** Every entry under `dir` that its group or other users may read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    const stat = fs.lstatSync(current);
    if ((stat.mode & 0o077) !== 0)
      open.push(`${path.relative(dir, current) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(current)) pending.push(path.join(current, entry));
  }
  return open;
}

/** Resolves once the child has exited and its output has been read to the end ('exit' can come before the last output). */
/** How the child ended: its exit code, or the signal that ended it (code null). */
function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
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
    // [issue 14.1] A DATA_DIR made under a loose umask is repaired at start, and nothing new is readable by others.
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'left-over'), 'x');
    fs.chmodSync(path.join(dataDir, 'left-over'), 0o666);
    const port = await freePort();
    const first = await startServer(port);
    console.info(`first start (initdb + migrations): ${Math.round(first.startupMs)} ms`);
    // pino writes asynchronously: the start-up record can reach the pipe just after the first health answer.
    await expect.poll(() => first.stdout(), { timeout: 10_000 }).toContain(`Sprout is running at ${first.url}`);
    // Not a terminal: every line is a JSON log record, the start-up one included.
    const records = first
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toContainEqual(
      expect.objectContaining({
        msg: `Sprout is running at http://127.0.0.1:${port}`,
        version: readAppVersion().version,
        commit: readAppVersion().commit,
        database: 'pglite',
        ai: 'no server key',
      }),
    );
    const { anonKey } = await config(first.url);
    const signup = await auth(first.url, anonKey, 'signup', credentials);
    expect(signup.status).toBe(200);
    refreshToken = String(signup.body.refresh_token);
    expect(openToOthers(dataDir)).toEqual([]);

    const second = spawn(START[0]!, START.slice(1), {
      cwd: root,
      env: serverEnv(await freePort()),
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
    // The database it made (pglite-create.ts) holds every migration and opens as it was left.
    const pglite = new PGlite(path.join(dataDir, 'pglite'));
    try {
      const { rows } = await pglite.query<{ name: string }>('select name from schema_migrations order by name');
      expect(rows.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
      const users = await pglite.query<{ n: number }>('select count(*)::int as n from users');
      expect(users.rows[0]?.n).toBe(1);
    } finally {
      await pglite.close();
    }
  });

  it('keeps users, sessions and the signing secret across a restart, past a stale lock whose PID is reused', async () => {
    // [issue 14.6] The lock of a server killed with -9, its PID now another program's (a container restart).
    const bystander = spawn('sleep', ['120'], { stdio: 'ignore' });
    running.push(bystander);
    fs.writeFileSync(path.join(dataDir, 'sprout.lock'), String(bystander.pid));
    const restarted = await startServer(await freePort());
    console.info(`restart: ${Math.round(restarted.startupMs)} ms`);
    const { anonKey } = await config(restarted.url);
    const signin = await auth(restarted.url, anonKey, 'token?grant_type=password', credentials);
    expect(signin.status).toBe(200);
    const refreshed = await auth(restarted.url, anonKey, 'token?grant_type=refresh_token', {
      refresh_token: refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const exited = exitOf(restarted.child);
    restarted.child.kill('SIGINT');
    // Once in a fresh-clone CI run (2026-12-03) this ended with code null: a signal ended the process
    // during its shutdown. The signal and the server's output say which, should it come back.
    const end = await exited;
    expect(end, `${JSON.stringify(end)}\n${restarted.output()}`).toEqual({ code: 0, signal: null });
  });

  it('answers a port in use with one line and the way out, not a stack trace', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      const child = spawn(START[0]!, START.slice(1), {
        cwd: root,
        env: serverEnv(port),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.push(child);
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      expect((await exitOf(child)).code).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} on 127.0.0.1 is already in use, by another Sprout or another program. Stop it, or start Sprout on another port: PORT=${port + 1} npm start`,
      );
      // The database it had opened was closed again: the next start is not locked out.
      expect(fs.existsSync(path.join(dataDir, 'sprout.lock'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('prints a banner instead of JSON when its output is a terminal', async () => {
    const started = await startServer(await freePort(), { terminal: true });
    await expect.poll(() => started.output(), { timeout: 10_000 }).toContain('Press Ctrl+C to stop.');
    // eslint-disable-next-line no-control-regex -- removing the banner's colour codes is the point
    const text = started.output().replace(/\u001b\[[0-9;]*m/g, '');
    // The banner names the version and commit the server reports (startup/version.ts).
    const { version, commit } = readAppVersion();
    expect(text).toContain(`Sprout ${describeVersion({ version, commit })} is running at ${started.url}`);
    expect(text).toMatch(/Database +embedded PostgreSQL \(PGlite\) in /);
    expect(text).toMatch(/AI +OpenRouter at https:\/\/openrouter\.ai\/api\/v1, no server key/);
    expect(text).not.toMatch(/^\{"level"/m);
    const exited = exitOf(started.child);
    process.kill(-started.child.pid!, 'SIGTERM');
    await exited;
  });
});
