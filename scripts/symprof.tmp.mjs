// Self time per original source file (via hidden source maps) of a CPU profile, for samples before a cutoff (ms from the first sample).
import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const [profPath, cutoffMs = '1e9', dist = 'dist/client/assets'] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(profPath, 'utf8'));
const nodes = new Map(p.nodes.map((n) => [n.id, n]));
const maps = new Map();
const consumer = (url) => {
  const file = url.split('/').pop();
  if (!maps.has(file)) { const mp = `${dist}/${file}.map`; maps.set(file, fs.existsSync(mp) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mp, 'utf8'))) : null); }
  return maps.get(file);
};
const totals = new Map();
let t = 0;
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  if (t / 1000 > Number(cutoffMs)) break;
  const cf = nodes.get(p.samples[i]).callFrame;
  let key = cf.functionName || '(anon)';
  if (cf.url.includes('/assets/')) {
    const c = consumer(cf.url);
    const pos = c?.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
    key = (pos?.source ?? cf.url).replace(/.*node_modules\//, 'nm/').replace(/^(nm\/(@[^/]+\/)?[^/]+).*/, '$1').replace(/.*client\/src\//, 'src/');
  }
  totals.set(key, (totals.get(key) ?? 0) + p.timeDeltas[i] / 1000);
}
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(1).padStart(8), k);
