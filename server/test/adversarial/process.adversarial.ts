// The server as `npm start` runs it, attacked from outside the HTTP API: DATA_DIR's file modes (made
// under a loose umask, repaired at start, nothing readable by other accounts while it runs), and kill -9
// in the middle of concurrent writes, three times over: after each restart every acknowledged write is
// there. The process's own log output is scanned for secrets as well.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logLeaks } from './support';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-adversarial-'));
const running: ChildProcess[] = [];
const PASSWORD = 'kill nine survivor passphrase';
let output = '';

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  // The umask an ordinary shell has: the server must not rely on it.
  const child = spawn('sh', ['-c', `umask 022 && exec "${process.execPath}" --import tsx server/src/main.ts`], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      STATIC_DIR: path.join(dataDir, 'none'),
      RATE_LIMIT_WRITE: '1000000',
      RATE_LIMIT_SIGNUP: '1000',
      RATE_LIMIT_TOKEN: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    const stat = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0)
      open.push(`${path.relative(dir, current) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(current)) pending.push(path.join(current, entry));
  }
  return open;
}

async function json(url: string, method: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

describe('the server process under attack', { timeout: 300_000 }, () => {
  it('keeps DATA_DIR private and every acknowledged write through three kill -9 cycles', async () => {
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'stray'), 'x');
    fs.chmodSync(path.join(dataDir, 'stray'), 0o666);

    let server = await start();
    const anonKey = ((await (await fetch(`${server.url}/api/config`)).json()) as { anonKey: string }).anonKey;
    const email = `kill9-${randomUUID()}@example.com`;
    const signup = await json(
      `${server.url}/auth/v1/signup`,
      'POST',
      { email, password: PASSWORD },
      { apikey: anonKey },
    );
    expect(signup.status).toBe(200);
    const userId = (signup.body?.user as { id: string }).id;
    let token = String(signup.body?.access_token);
    /** Every acknowledged write: note id -> the content the server said it stored last. */
    const acknowledged = new Map<string, string>();
    let lost = 0;

    for (let cycle = 0; cycle < 3; cycle++) {
      expect(openToOthers(dataDir), `cycle ${cycle}`).toEqual([]);
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const id = randomUUID();
          const at = new Date().toISOString();
          const content = `cycle ${cycle} writer ${w} note ${i}`;
          try {
            const res = await fetch(`${server.url}/rest/v1/notes`, {
              method: 'POST',
              headers: {
                apikey: anonKey,
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                prefer: 'return=minimal',
              },
              body: JSON.stringify({
                id,
                user_id: userId,
                title: `n${i}`,
                content,
                is_checklist: false,
                created_at: at,
                updated_at: at,
              }),
            });
            if (res.status === 201) acknowledged.set(id, content);
            // Edit an earlier acknowledged note of this writer: the edit counts once acknowledged.
            const earlier = [...acknowledged.keys()][i % Math.max(1, acknowledged.size)];
            if (earlier && i % 3 === 0) {
              const edited = `${acknowledged.get(earlier)} edited`;
              const patch = await fetch(`${server.url}/rest/v1/notes?id=eq.${earlier}`, {
                method: 'PATCH',
                headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ content: edited }),
              });
              if (patch.status === 204 && w === 0) acknowledged.set(earlier, edited);
            }
          } catch {
            return; // the server is gone: an unanswered write is not acknowledged
          }
        }
      };
      // Only writer 0 edits (so "the last acknowledged content" is well defined); all insert.
      const writers = [0, 1, 2, 3].map((w) => writer(w));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      stop = true;
      await exited;
      await Promise.all(writers);

      // The lock of the killed server is stale: the restart takes it over.
      server = await start();
      const signin = await json(
        `${server.url}/auth/v1/token?grant_type=password`,
        'POST',
        { email, password: PASSWORD },
        { apikey: anonKey },
      );
      expect(signin.status).toBe(200);
      token = String(signin.body?.access_token);
      const res = await fetch(`${server.url}/rest/v1/notes?select=id,content`, {
        headers: { apikey: anonKey, authorization: `Bearer ${token}` },
      });
      const rows = new Map(
        ((await res.json()) as { id: string; content: string }[]).map((row) => [row.id, row.content]),
      );
      for (const [id, content] of acknowledged) {
        const stored = rows.get(id);
        if (stored === undefined || (stored !== content && !stored.startsWith(content))) lost += 1;
      }
      console.info(
        `kill -9 cycle ${cycle + 1}: ${acknowledged.size} acknowledged writes so far, ${lost} lost, ${rows.size} rows after restart`,
      );
    }
    expect(acknowledged.size).toBeGreaterThan(20);
    expect(lost).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);
    server.child.kill('SIGTERM');
    expect(logLeaks(output, [PASSWORD, token])).toEqual([]);
  });
});
