// `npm run bench [-- group ...]` and `npm run bench:smoke`: finds the figure groups (one module per file
// in groups/, each exporting `group`), runs the chosen ones in the issue's order, prints their rows and
// writes their sections of docs/benchmarks.md. With --smoke: the small version, which writes nothing
// and fails when a ratio is past its (generous) smoke limit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildClientIfStale } from './lib/client-build';
import type { BenchGroup } from './lib/group';
import { renderSection, writeSection } from './lib/report';
import { smokeFailure, type Row } from './lib/row';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const names = args.filter((a) => !a.startsWith('--'));

const dir = path.join(import.meta.dirname, 'groups');
const groups: BenchGroup[] = [];
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { group?: BenchGroup };
  if (module.group) groups.push(module.group);
}
groups.sort((a, b) => a.order - b.order);

const unknown = names.filter((n) => !groups.some((g) => g.name === n));
if (unknown.length > 0) {
  console.error(`Unknown group(s): ${unknown.join(', ')}. Groups: ${groups.map((g) => g.name).join(', ')}`);
  process.exit(2);
}
const chosen = groups.filter((g) => (names.length > 0 ? names.includes(g.name) : smoke ? g.smoke : true));

buildClientIfStale();
const log = (message: string) => console.error(`[bench] ${message}`);
const failures: string[] = [];
const command = `npm run bench${smoke ? ':smoke' : ''}${names.length ? ` -- ${names.join(' ')}` : ''}`;
for (const group of chosen) {
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0] ?? 0;
  log(`${group.name}: ${group.title}`);
  let rows: Row[];
  try {
    rows = await group.run({ smoke, log: (m) => log(`${group.name}: ${m}`) });
  } catch (error) {
    failures.push(`${group.name}: ${(error as Error).stack ?? String(error)}`);
    continue;
  }
  const info = {
    command,
    startedAt,
    loadBefore,
    loadAfter: os.loadavg()[0] ?? 0,
    seconds: (Date.now() - startedAt.getTime()) / 1000,
  };
  const markdown = renderSection(group, rows, info);
  console.info(`${markdown}\n`);
  if (smoke) {
    for (const row of rows) {
      const failure = smokeFailure(row);
      if (failure) failures.push(failure);
    }
  } else {
    writeSection(group, markdown, groups);
  }
}
if (failures.length > 0) {
  console.error(`\n${failures.length} failure(s):\n${failures.join('\n')}`);
  process.exit(1);
}
