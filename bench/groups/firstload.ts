// First load on a phone (issue 10, goal 1): Lighthouse mobile performance of /login and of / signed in,
// beside the floor page (bare Vite + React 19 + data router + Tailwind), and the JavaScript each loads.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { bytesOnWire, gzipSize, sum } from '../lib/bytes';
import { buildFloorPage } from '../lib/floor-page';
import { runLighthouse, type LighthouseResult } from '../lib/lighthouse';
import { freePort } from '../lib/processes';
import { interleave, median, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { serveStatic } from '../lib/static-server';
import { returningDevice, signUp, startSprout } from '../lib/sprout';

const KIB = 1024;

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke);
  options.log('building the floor page');
  const floorDir = await buildFloorPage();
  const floor = await serveStatic(floorDir, await freePort());
  const server = await startSprout();
  try {
    const device = returningDevice(await signUp(server.url));
    const results: Record<'login' | 'home' | 'floor' | 'homeBusy' | 'floorBusy', LighthouseResult[]> = {
      login: [],
      home: [],
      floor: [],
      homeBusy: [],
      floorBusy: [],
    };
    const lighthouseStep = (name: keyof typeof results, url: string, signedIn: boolean) => async () => {
      const result = await runLighthouse(url, signedIn ? device : undefined);
      results[name].push(result);
      options.log(
        `${name}: ${result.score} (FCP ${Math.round(result.fcp)} ms, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms)`,
      );
      return result.score;
    };
    options.log(`Lighthouse, ${rounds} rounds`);
    await interleave(rounds, {
      login: lighthouseStep('login', `${server.url}/login`, false),
      home: lighthouseStep('home', `${server.url}/`, true),
      floor: lighthouseStep('floor', `${floor.url}/login`, false),
    });
    // 'At any load' (issue 33): the same two pages while another process keeps one of the cores busy, as
    // a shared machine's neighbours or a phone's other apps do. Lighthouse's 4x slowdown multiplies what
    // the page's tasks lose to it.
    options.log(`Lighthouse with one core kept busy, ${rounds} rounds`);
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    try {
      await interleave(rounds, {
        homeBusy: lighthouseStep('homeBusy', `${server.url}/`, true),
        floorBusy: lighthouseStep('floorBusy', `${floor.url}/login`, false),
      });
    } finally {
      busy.kill('SIGKILL');
    }

    // Sizes: the scripts of the first run (the same files every run).
    const scripts = (name: keyof typeof results) => results[name][0]?.scripts ?? [];
    const loginWire = await sum(scripts('login'), (url) => bytesOnWire(url));
    const loginGzip = await sum(scripts('login'), gzipSize);
    const homeGzip = await sum(scripts('home'), gzipSize);
    const floorGzip = await sum(scripts('floor'), gzipSize);
    const scores = (name: keyof typeof results) => results[name].map((r) => r.score);
    const metrics = (page: keyof typeof results) =>
      (['fcp', 'lcp', 'tbt'] as const)
        .map((m) => `${m.toUpperCase()} ${Math.round(median(results[page].map((r) => r[m])))} ms`)
        .join(', ');
    const score = (name: string, page: keyof typeof results, floorPage: keyof typeof results = 'floor') =>
      toRow({
        name: `Lighthouse mobile performance, ${name} (${metrics(page)})`,
        unit: '',
        values: scores(page),
        floorName: `floor page (${metrics(floorPage)})`,
        floorValues: scores(floorPage),
        better: 'higher',
        goal: '>= 95 and >= floor - 5',
        meets: (v, f) => f !== null && v >= 95 && v >= f - 5,
      });
    return [
      score('/login', 'login'),
      score('/ signed in', 'home'),
      score('/ signed in, one core kept busy', 'homeBusy', 'floorBusy'),
      toRow({
        name: `Bytes on the wire for /login's JS (Accept-Encoding: br, gzip; ${new Set(scripts('login')).size} files)`,
        unit: 'KiB',
        values: [loginWire / KIB],
        floorName: 'the same files gzipped',
        floorValues: [loginGzip / KIB],
        better: 'lower',
        goal: 'compressed (<= 1x)',
        meets: (v, f) => f !== null && v <= f * 1.01,
      }),
      toRow({
        name: `First-load JS of /login, gzip (${new Set(scripts('login')).size} files)`,
        unit: 'KiB',
        values: [loginGzip / KIB],
        floorName: `floor page (${new Set(scripts('floor')).size} files)`,
        floorValues: [floorGzip / KIB],
        better: 'lower',
        goal: '<= 1.3x the floor',
        meets: (v, f) => f !== null && v <= 1.3 * f,
      }),
      toRow({
        name: `First-load JS of / signed in, gzip (${new Set(scripts('home')).size} files)`,
        unit: 'KiB',
        values: [homeGzip / KIB],
        floorName: 'floor page',
        floorValues: [floorGzip / KIB],
        better: 'lower',
        goal: '<= 1.8x the floor',
        meets: (v, f) => f !== null && v <= 1.8 * f,
      }),
      toRow({
        name: 'JS loaded by /login that it never runs (Lighthouse unused-javascript, transfer size)',
        unit: 'KiB',
        values: results.login.map((r) => r.unusedJs / KIB),
        floorName: 'floor page',
        floorValues: results.floor.map((r) => r.unusedJs / KIB),
        better: 'lower',
      }),
    ];
  } finally {
    await server.stop();
    await floor.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(floorDir), { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'firstload',
  title: 'First load on a phone',
  order: 10,
  smoke: false,
  method:
    "Lighthouse 13 (mobile: Moto G-class emulation, Lighthouse's simulated slow 4G and 4x CPU slowdown), performance " +
    'category only, each run in a fresh Chromium profile (/usr/bin/chromium, headless). /login and / (signed in as a ' +
    'returning device: the session and the kept anon key put in localStorage first) from `node scripts/start.mjs`; the floor page is bench/floor-page built ' +
    "by the bench with the project's Vite, React and Tailwind and served with brotli/gzip by a bare Node server. Scripts " +
    "are the page's Script requests in Lighthouse's network log; gzip sizes are the files gzipped at level 6. " +
    "'One core kept busy': / signed in and the floor page again while a Node process spins on one of the cores.",
  run,
};
