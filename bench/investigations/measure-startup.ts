// Start-up and memory of the compiled server beside its floors (issue 10 goal 6), interleaved rounds:
// - restart: `node scripts/start.mjs` on an existing DATA_DIR, spawn to first /api/health answer;
// - PGlite's own open of the same directory (a bare script: open, one query);
// - bare Fastify: spawn to first answer of a one-route server;
// - RSS: of the server idle after start, and after a GET load (VmRSS of the whole process, threads included).
//   node --import tsx bench/investigations/measure-startup.ts [rounds]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.MEASURE_PORT ?? 4404);

/** CPU time (user + system, all threads) a process has used so far. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function untilAnswered(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Spawn to first answer of the compiled server; returns the running child. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ ms: number; cpu: number; child: ChildProcess }> {
  const began = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SPROUT_SKIP_BUILD: '1',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  await untilAnswered(`http://127.0.0.1:${PORT}/api/health`);
  return { ms: performance.now() - began, cpu: cpuMs(child.pid ?? 0), child };
}

/** PGlite's own open of a data directory, in a fresh process (its module load included), to the first query: wall and CPU ms. */
export function pgliteOpen(dir: string): Promise<{ ms: number; cpu: number }> {
  const script = `const {PGlite}=await import('@electric-sql/pglite');const p=new PGlite(${JSON.stringify(dir)});await p.query('select 1');const c=process.cpuUsage();console.log((c.user+c.system)/1000);await p.close();`;
  return new Promise((resolve, reject) => {
    const began = performance.now();
    let ms = 0;
    let out = '';
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      ms ||= performance.now() - began;
      out += chunk.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve({ ms, cpu: Number(out.trim()) }) : reject(new Error(`exit ${code}`)),
    );
  });
}

/** Spawn to first answer of a bare Fastify server with one route. */
export async function bareFastify(): Promise<{ ms: number; cpu: number; rss: number }> {
  const script = `const {default:F}=await import('fastify');const a=F();a.get('/api/health',async()=>({ok:true}));await a.listen({port:${PORT},host:'127.0.0.1'});`;
  const began = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'ignore' });
  await untilAnswered(`http://127.0.0.1:${PORT}/api/health`);
  const ms = performance.now() - began;
  const cpu = cpuMs(child.pid ?? 0);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rss = rssMiB(child.pid ?? 0);
  await stop(child);
  return { ms, cpu, rss };
}

if (process.argv[1] === import.meta.filename) {
  const rounds = Number(process.argv[2] ?? 3);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-startup-'));
  const first = await startServer(dataDir);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const firstRss = rssMiB(first.child.pid ?? 0);
  await stop(first.child);
  const rows: Record<string, number[]> = {};
  const put = (name: string, value: number) => (rows[name] ??= []).push(Math.round(value));
  for (let round = 0; round < rounds; round++) {
    const open = await pgliteOpen(path.join(dataDir, 'pglite'));
    put('PGlite open ms', open.ms);
    put('PGlite open CPU ms', open.cpu);
    const bare = await bareFastify();
    put('bare Fastify start ms', bare.ms);
    put('bare Fastify start CPU ms', bare.cpu);
    put('bare Fastify RSS MiB', bare.rss);
    const server = await startServer(dataDir);
    put('restart ms', server.ms);
    put('restart CPU ms', server.cpu);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    put('idle RSS MiB', rssMiB(server.child.pid ?? 0));
    await stop(server.child);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const summary = Object.fromEntries(
    Object.entries(rows).map(([name, values]) => [name, { median: median(values), all: values }]),
  );
  const ratio = (a: string, b: string) => Number((median(rows[a] ?? []) / median(rows[b] ?? [])).toFixed(2));
  console.log(
    JSON.stringify({ firstStart: { ms: Math.round(first.ms), cpuMs: first.cpu, idleRssMiB: firstRss }, summary }),
  );
  console.log(
    JSON.stringify({
      restartOverPGliteOpen: ratio('restart ms', 'PGlite open ms'),
      restartCpuOverPGliteOpenCpu: ratio('restart CPU ms', 'PGlite open CPU ms'),
    }),
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
}
