// A/B of the 1,000-note sync (bench/groups/sync.ts's round) between client builds: one server per
// build (STATIC_DIR), rounds interleaved with the bench's floor (one 1,000-row POST), so that a change is
// judged against its baseline under the same load. `node --import tsx bench/investigations/ab-sync.ts
// name=dir name=dir ... [--rounds=N]`; each dir is a built client (a copy of dist/client).
import fs from 'node:fs';
import { launchBrowser } from '../lib/app-browser';
import { interleave, median } from '../lib/row';
import { benchNote, postNotes, signUp, startSprout, type SproutServer } from '../lib/sprout';
import { timeSyncRound } from '../lib/sync-round';

const PENDING = 1000;
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 6);
const builds = args
  .filter((a) => !a.startsWith('--'))
  .map((a) => {
    const [name, dir] = a.split('=') as [string, string];
    return { name, dir };
  });

const servers: SproutServer[] = [];
const browser = await launchBrowser();
try {
  for (const build of builds)
    servers.push(await startSprout({ env: { STATIC_DIR: build.dir, SPROUT_SKIP_BUILD: '1' } }));
  const syncRound = async (url: string): Promise<number> => (await timeSyncRound(browser, url, PENDING)).ms;
  const postRound = async (): Promise<number> => {
    const user = await signUp(servers[0]!.url);
    return postNotes(
      user,
      Array.from({ length: PENDING }, (_, i) => benchNote(user.userId, i)),
    );
  };
  for (const server of servers) await syncRound(server.url);
  await postRound();
  const steps: Record<string, () => Promise<number>> = { post: postRound };
  builds.forEach((build, i) => (steps[build.name] = () => syncRound(servers[i]!.url)));
  const samples = await interleave(rounds, steps);
  const post = median(samples.post!);
  console.info(`post: ${post.toFixed(0)} ms (${samples.post!.map((v) => v.toFixed(0)).join(' ')})`);
  for (const build of builds) {
    const values = samples[build.name]!;
    const ratios = values.map((v, i) => v / samples.post![i]!);
    console.info(
      `${build.name}: ${median(values).toFixed(0)} ms, ${(median(values) / post).toFixed(2)}x the POST (median of per-round ratios ${median(ratios).toFixed(2)}x); rounds ${values.map((v) => v.toFixed(0)).join(' ')}`,
    );
  }
} finally {
  await browser.close();
  for (const server of servers) {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
