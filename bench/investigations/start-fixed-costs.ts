// Two fixed costs of a page's start (issue 33), each in a new Chromium context on a blank page, CPU not
// slowed, interleaved over the rounds:
// - a page's first Intl object: each round makes one kind first (NumberFormat, a zoned DateTimeFormat, the
//   device's zone as lib/time-zone.ts reads it, a Collator, an en-GB DateTimeFormat), then the others;
// - the device database's schema: `new Dexie()` with the eight version declarations the app shipped until
//   the 'No Intl object at a start' decision, against the one it declares now (client/src/data/notes/local-db.ts).
// `node --import tsx bench/investigations/start-fixed-costs.ts [rounds]` (10 by default).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../test/kit/browser';
import { median } from '../lib/row';
import { root } from '../lib/sprout';

const KINDS = [
  "new Intl.NumberFormat('en')",
  "new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit' })",
  'Intl.DateTimeFormat().resolvedOptions().timeZone',
  "new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })",
  "new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })",
];

const BASE = 'id, user_id, [user_id+updated_at], [user_id+sync_state]';
const PLACES = `${BASE}, [user_id+deleted_at], [user_id+trashed_at], [user_id+created_at], [user_id+pinned_at], [user_id+archived_at]`;
const NOTES_STORE = [
  BASE,
  `${BASE}, [user_id+deleted_at]`,
  null,
  `${BASE}, [user_id+deleted_at], [user_id+trashed_at]`,
  PLACES,
  `${PLACES}, *tag_keys`,
  `${PLACES}, *tag_keys, *link_keys`,
  `${PLACES}, *tag_keys, *link_keys, *due_keys`,
];
const META = '[user_id+key], user_id';

const dexieFile = path.join(root, 'node_modules/dexie/dist/dexie.mjs');
const server = http
  .createServer((request, response) => {
    if (request.url === '/dexie.mjs') {
      response.setHeader('Content-Type', 'text/javascript');
      response.end(fs.readFileSync(dexieFile));
    } else response.end('<!doctype html><title>blank</title>');
  })
  .listen(0);
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
const firstIntl = new Map<string, number[]>();
const laterIntl = new Map<string, number[]>();
const schema = { eight: [] as number[], one: [] as number[] };
const add = (map: Map<string, number[]>, key: string, value: number) => map.set(key, [...(map.get(key) ?? []), value]);

/** Runs `script` (an expression, as a string so that the page runs exactly it) in a new context. */
async function inNewPage<T>(script: string): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    return (await page.evaluate(script)) as T;
  } finally {
    await context.close();
  }
}

try {
  const rounds = Number(process.argv[2] ?? 10);
  for (let round = 0; round < rounds; round++) {
    const order = [round % KINDS.length, ...KINDS.keys()].filter((k, i, all) => all.indexOf(k) === i);
    const times = await inNewPage<number[]>(`(() => {
      const times = [];
      for (const make of [${order.map((k) => `() => ${KINDS[k]}`).join(', ')}]) {
        const start = performance.now();
        make();
        times.push(performance.now() - start);
      }
      return times;
    })()`);
    order.forEach((k, i) => add(i === 0 ? firstIntl : laterIntl, KINDS[k]!, times[i]!));

    for (const variant of round % 2 ? (['one', 'eight'] as const) : (['eight', 'one'] as const)) {
      const declarations =
        variant === 'one'
          ? `db.version(8).stores(${JSON.stringify({ notes: NOTES_STORE[7], meta: META })});`
          : NOTES_STORE.map(
              (notes, i) =>
                `db.version(${i + 1}).stores(${JSON.stringify(i === 0 ? { notes, meta: META } : notes ? { notes } : {})});`,
            ).join('\n');
      // Dexie is imported first, so the figure is the construction alone.
      schema[variant].push(
        await inNewPage<number>(`import('/dexie.mjs').then(({ Dexie }) => {
          const start = performance.now();
          const db = new Dexie('sprout');
          ${declarations}
          return performance.now() - start;
        })`),
      );
    }
  }
  const ms = (values: number[]) =>
    values.length
      ? `${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}, ${values.length})`
      : '-';
  for (const kind of KINDS)
    console.info(
      `${kind}\n  first in its page: ${ms(firstIntl.get(kind) ?? [])}; after another: ${ms(laterIntl.get(kind) ?? [])}`,
    );
  console.info(
    `new Dexie() with the eight shipped declarations: ${ms(schema.eight)}; with the latest only: ${ms(schema.one)}`,
  );
} finally {
  await browser.close();
  server.close();
}
