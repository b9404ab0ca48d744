// What costs the signed-in start its Lighthouse points (issue 33): Lighthouse mobile on / signed in, as the
// `firstload` group runs it, with each metric's value and score, the main thread's work by kind and by
// script, the long tasks and the LCP element. `node --import tsx bench/investigations/lighthouse-start.ts
// [rounds] [path]`; every report is kept in $TMPDIR/sprout-lighthouse-<n>.json for Lighthouse's viewer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLighthouseReport } from '../lib/lighthouse';
import { buildClientIfStale } from '../lib/client-build';
import { returningDevice, signUp, startSprout } from '../lib/sprout';

const rounds = Number(process.argv[2] ?? 1);
const pagePath = process.argv[3] ?? '/';
buildClientIfStale();
const server = await startSprout();
try {
  const device = returningDevice(await signUp(server.url));
  for (let round = 1; round <= rounds; round++) {
    const lhr = await runLighthouseReport(`${server.url}${pagePath}`, device, (trace) =>
      fs.writeFileSync(path.join(os.tmpdir(), `sprout-lighthouse-${round}.trace.json`), JSON.stringify(trace)),
    );
    const file = path.join(os.tmpdir(), `sprout-lighthouse-${round}.json`);
    fs.writeFileSync(file, JSON.stringify(lhr));
    const audit = (id: string) => lhr.audits[id];
    console.info(`round ${round}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} (${file})`);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
      'interactive',
      'max-potential-fid',
    ]) {
      const a = audit(id);
      if (a) console.info(`  ${id}: ${a.displayValue ?? a.numericValue} (score ${a.score})`);
    }
    const table = (id: string) =>
      ((audit(id)?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as Record<
        string,
        unknown
      >[];
    console.info('  main thread by kind (ms):');
    for (const item of table('mainthread-work-breakdown'))
      console.info(`    ${String(item.groupLabel ?? item.group)}: ${Math.round(Number(item.duration))}`);
    console.info('  scripts (ms: total / scripting / parse+compile):');
    for (const item of table('bootup-time'))
      console.info(
        `    ${String(item.url)}: ${Math.round(Number(item.total))} / ${Math.round(Number(item.scripting))} / ${Math.round(Number(item.scriptParseCompile))}`,
      );
    console.info('  long tasks (start ms, duration ms, url):');
    for (const item of table('long-tasks'))
      console.info(
        `    ${Math.round(Number(item.startTime))} ${Math.round(Number(item.duration))} ${String(item.url)}`,
      );
    const lcp = table('largest-contentful-paint-element');
    console.info(`  LCP element: ${JSON.stringify(lcp).slice(0, 600)}`);
  }
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
