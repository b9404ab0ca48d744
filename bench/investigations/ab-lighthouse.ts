// A/B of Lighthouse mobile on / signed in (the `firstload` group's run) between client builds: one server
// per build (STATIC_DIR), the builds' rounds interleaved so that each pair meets the same load, each
// round's score, FCP, LCP and TBT printed with the load average, then the medians. On this kind of shared
// 2-core machine one build's TBT spreads over 200-600 ms between rounds, so judge a change by the pairs
// and by LCP or TBT medians over 8 or more rounds, not by one score. `node --import tsx
// bench/investigations/ab-lighthouse.ts name=dir name=dir ... [--rounds=N] [--path=/] [--signed-out]`; each dir is a built
// client (a copy of dist/client).
import fs from 'node:fs';
import os from 'node:os';
import { DEVICE_DB, runLighthouse } from '../lib/lighthouse';
import { median } from '../lib/row';
import { returningDevice, signUp, startSprout, type SproutServer } from '../lib/sprout';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(option('rounds') ?? 4);
const pagePath = option('path') ?? '/';
// `--signed-out`: a fresh profile with no session, as the firstload group opens /login.
const signedOut = args.includes('--signed-out');
const builds = args
  .filter((a) => !a.startsWith('--'))
  .map((a) => {
    const [name, dir] = a.split('=') as [string, string];
    return { name, dir };
  });

interface Round {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

const servers: SproutServer[] = [];
try {
  for (const build of builds)
    servers.push(await startSprout({ env: { STATIC_DIR: build.dir, SPROUT_SKIP_BUILD: '1' } }));
  const devices = await Promise.all(servers.map(async (server) => returningDevice(await signUp(server.url))));
  const results = new Map<string, Round[]>(builds.map((build) => [build.name, []]));
  for (let round = 1; round <= rounds; round++) {
    // Each round starts with another build, so that no build always runs first.
    for (let k = 0; k < builds.length; k++) {
      const i = (k + round - 1) % builds.length;
      const build = builds[i]!;
      const load = os.loadavg()[0]!.toFixed(2);
      // A build named `...+db` runs on a device whose notes database exists already (empty).
      const storage = signedOut
        ? undefined
        : build.name.endsWith('+db')
          ? { ...devices[i], [DEVICE_DB]: '1' }
          : devices[i];
      const run = await runLighthouse(`${servers[i]!.url}${pagePath}`, storage);
      results.get(build.name)!.push(run);
      console.info(
        `round ${round} ${build.name}: ${run.score} (FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms; load ${load})`,
      );
    }
  }
  for (const build of builds) {
    const runs = results.get(build.name)!;
    const of = (pick: (run: Round) => number) => Math.round(median(runs.map(pick)));
    console.info(
      `${build.name}: score ${of((r) => r.score)} (${runs.map((r) => r.score).join(' ')}), FCP ${of((r) => r.fcp)} ms, LCP ${of((r) => r.lcp)} ms, TBT ${of((r) => r.tbt)} ms (medians of ${runs.length})`,
    );
  }
} finally {
  for (const server of servers) {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
