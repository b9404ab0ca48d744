// Builds the client before a run when dist/client is missing or older than its sources, as
// scripts/start.mjs would at the first server start: done here, so no server start's time includes it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './sprout';

const SOURCES = ['client', 'core', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildClientIfStale(): void {
  const built = fs.statSync(path.join(root, 'dist/client/index.html'), { throwIfNoEntry: false });
  if (built && !SOURCES.some((s) => newestMtime(path.join(root, s)) > built.mtimeMs)) return;
  console.error('[bench] building the client');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}
