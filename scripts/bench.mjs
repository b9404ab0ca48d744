// `npm run bench`: runs every benchmark in turn; each writes its own section of docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benches = fs
  .readdirSync(path.join(root, 'scripts/bench'))
  .filter((f) => f.startsWith('bench-') && f.endsWith('.ts'))
  .sort();
let failed = 0;
for (const file of benches) {
  console.info(`== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts/bench', file)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
