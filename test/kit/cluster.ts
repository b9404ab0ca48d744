// A production-shaped Sprout on loopback: a PostgreSQL database made for the run, N Sprout servers on
// it (each `npm start` with DATABASE_URL), and nginx from Debian's package in front with round-robin
// and the WebSocket upgrade (the README's production shape). Used by the cluster test
// (`npm run test:cluster`) and the realtime benchmark. Everything it starts, it stops.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ClusterOptions {
  /** Sprout servers behind nginx. */
  servers: number;
  /** nginx listens here; the servers take the next ports unless `serverPorts` names them. */
  port: number;
  serverPorts?: number[];
  /** The PostgreSQL server; a database is created on it for the run and dropped at the end. */
  adminUrl?: string;
  /** Extra environment for every server (limits). */
  env?: Record<string, string>;
}

export interface ClusterServer {
  port: number;
  pid: number;
  url: string;
  /** kill -9: no graceful shutdown, connections cut. */
  kill(): void;
  /** SIGTERM and wait for the exit (graceful shutdown). */
  stop(): Promise<void>;
  readonly exited: boolean;
}

export interface Cluster {
  /** nginx's address: what a browser opens. */
  url: string;
  /** A scratch directory removed by close() (for more nginx fronts, say). */
  dir: string;
  databaseUrl: string;
  servers: ClusterServer[];
  /** nginx reload: new workers take new connections, old ones close theirs (WebSockets too) after 1 s. */
  reloadNginx(): void;
  close(): Promise<void>;
}

/** The nginx configuration of the README's production shape, on loopback and without TLS. */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[]; runAsRoot: boolean }): string {
  const { dir, port, upstreams, runAsRoot } = options;
  const proxyHeaders = `
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  return `${runAsRoot ? 'user root root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
# A reload closes the old worker's WebSockets after this long (the clients reconnect).
worker_shutdown_timeout 1s;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream sprout {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location = /realtime/v1/websocket {
      proxy_pass http://sprout;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;${proxyHeaders}
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://sprout;
      proxy_http_version 1.1;
      proxy_set_header Connection "";${proxyHeaders}
      # The AI endpoints stream server-sent events.
      proxy_buffering off;
      # A server that is down (refused) or shutting down (503) is skipped; a request it may have
      # started to handle is not sent twice (nginx's default for non-idempotent methods).
      proxy_next_upstream error timeout http_502 http_503;
      add_header X-Sprout-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startServer(port: number, env: Record<string, string>): ClusterServer & { child: ChildProcess } {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  return {
    child,
    port,
    pid: child.pid ?? 0,
    url: `http://127.0.0.1:${port}`,
    kill: () => child.kill('SIGKILL'),
    stop: async () => {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
    get exited() {
      return exited;
    },
  };
}

export interface Nginx {
  url: string;
  /** Resolves once nginx answers a health check through to a server. */
  ready(): Promise<void>;
  reload(): void;
  stop(): Promise<void>;
}

/** nginx (Debian's binary) in front of `upstreams`, its files in `dir`. */
export function startNginx(options: { dir: string; port: number; upstreams: number[] }): Nginx {
  const dir = path.join(options.dir, `nginx-${options.port}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConfig({ dir, port: options.port, upstreams: options.upstreams, runAsRoot: process.getuid?.() === 0 }),
  );
  const bin = process.env.NGINX ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
  const nginx = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exit = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  return {
    url,
    ready: () => waitFor(`${url}/api/health`, 10_000, nginx),
    reload: () => nginx.kill('SIGHUP'),
    async stop() {
      nginx.kill('SIGQUIT');
      await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    },
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const adminUrl = options.adminUrl ?? process.env.CLUSTER_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    const built = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const name = `sprout_realtime_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-cluster-'));
  const ports = options.serverPorts ?? Array.from({ length: options.servers }, (_, i) => options.port + 1 + i);
  const servers = ports.map((port, i) =>
    startServer(port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, `server-${i}`),
      SPROUT_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      // nginx on loopback is the one proxy: the client's address is the one it forwards.
      TRUST_PROXY: 'loopback',
      ...options.env,
    }),
  );
  const nginx = startNginx({ dir, port: options.port, upstreams: ports });
  const close = async () => {
    await nginx.stop();
    await Promise.all(servers.map((s) => s.stop()));
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(servers.map((s) => waitFor(`${s.url}/api/health`, 60_000, s.child)));
    await nginx.ready();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    dir,
    databaseUrl,
    servers,
    reloadNginx: nginx.reload,
    close,
  };
}
