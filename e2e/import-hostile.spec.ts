// Hostile files picked for import (issue 37, item 1): a zip bomb, a zip that lies about its sizes, zips
// whose paths lead outside them and 50 MB of JSON that is no export are each refused whole with their
// reason, nothing of them on the device, the server or the Dashboard; Markdown and Evernote notes nested
// 10,000 deep or full of scripts and handlers come in as text and open without running or breaking
// anything. The big files are made once per worker: zips in memory, the 50 MB JSON files on disk (a file
// over 50 MB cannot be handed to the page as a buffer).
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { recordDialogs } from './support/ai';
import { test, expect } from './support/fixtures';
import { expectAllSynced, serverNotes } from './support/notes';
import { gotoAs } from './support/session';
import { deflateRepeated, writeZip } from './support/zip-writer';

const MB = 1024 * 1024;

let zips: Promise<{ name: string; mimeType: string; buffer: Buffer }[]> | null = null;

/** The refused zips, made once per worker. */
function hostileZips() {
  zips ??= (async () => {
    const zip = (name: string, bytes: Uint8Array) => ({
      name,
      mimeType: 'application/zip',
      buffer: Buffer.from(bytes),
    });
    // A real bomb: three notes of 200 MB of zeros, 200 KB each deflated, 600 MB declared.
    const zeros = await deflateRepeated(new Uint8Array(MB), 200);
    const bomb = writeZip([0, 1, 2].map((i) => ({ name: `bomb/note-${i}.md`, ...zeros })));
    // A note declared as 1 KB whose data inflates to 50 MB, beside an honest one.
    const lie = writeZip([
      { name: 'vault/fine.md', ...(await deflateRepeated(strToU8('# Fine\n\nAn honest note.'), 1)) },
      { name: 'vault/lie.md', ...(await deflateRepeated(new Uint8Array(MB).fill(97), 50)), size: 1024 },
    ]);
    const traversals = ['../../etc/evil.md', '/abs/evil.md', 'C:\\evil.md', 'a/../../evil.md'].map((evil, i) =>
      zip(`traversal-${i + 1}.zip`, zipSync({ 'vault/fine.md': strToU8('# Fine'), [evil]: strToU8('# Evil') })),
    );
    return [zip('bomb.zip', bomb), zip('lie.zip', lie), ...traversals];
  })();
  return zips;
}

/** 50 MB of numbers and 50 MB of `[`, written once per worker. */
function hugeJson(): string[] {
  const dir = path.join(test.info().project.outputDir, `hostile-json-${test.info().workerIndex}`);
  const files = [path.join(dir, 'numbers.json'), path.join(dir, 'nested.json')];
  if (!fs.existsSync(files[1]!)) {
    fs.mkdirSync(dir, { recursive: true });
    const numbers = Buffer.alloc(50 * MB, '1234567,');
    numbers[0] = 0x5b; // [
    numbers[numbers.length - 1] = 0x5d; // ]
    fs.writeFileSync(files[0]!, numbers);
    fs.writeFileSync(files[1]!, Buffer.alloc(50 * MB, '['));
  }
  return files;
}

const picker = (page: Page) => page.locator('input[type="file"]:not([webkitdirectory])');

/** Nothing on the server, and the Dashboard empty. */
async function expectNothingImported(
  page: Page,
  request: Parameters<typeof serverNotes>[0],
  account: Parameters<typeof serverNotes>[1],
) {
  await gotoAs(page, '/');
  await expect(page.getByRole('heading', { name: "You don't have any notes yet" })).toBeVisible();
  expect(await serverNotes(request, account)).toEqual([]);
}

test('a zip bomb, a zip that lies about its sizes and zips with paths outside them are refused whole', async ({
  signedIn: page,
  account,
  request,
}) => {
  await gotoAs(page, '/settings?tab=sync');
  await picker(page).setInputFiles(await hostileZips());
  await expect(page.getByRole('status').filter({ hasText: 'Imported 0 notes. 6 items were skipped.' })).toBeVisible();
  const report = page.getByRole('list', { name: 'Import result' }).getByRole('listitem');
  await expect(report).toHaveText([
    'bomb.zip: Skipped: its notes come to more than 512 MB unzipped; nothing of it was imported (import it in parts)',
    'lie.zip: Skipped: its file vault/lie.md holds more than the zip says; nothing of it was imported',
    'traversal-1.zip: Skipped: its file "../../etc/evil.md" has a path outside the zip; nothing of it was imported',
    'traversal-2.zip: Skipped: its file "/abs/evil.md" has a path outside the zip; nothing of it was imported',
    'traversal-3.zip: Skipped: its file "C:\\evil.md" has a path outside the zip; nothing of it was imported',
    'traversal-4.zip: Skipped: its file "a/../../evil.md" has a path outside the zip; nothing of it was imported',
  ]);
  await expectNothingImported(page, request, account);
});

test('50 MB of JSON that is no export, numbers or lists nested 50 million deep, is refused and the page stays up', async ({
  signedIn: page,
  account,
  request,
}) => {
  await gotoAs(page, '/settings?tab=sync');
  await picker(page).setInputFiles(hugeJson());
  await expect(page.getByRole('status').filter({ hasText: 'Imported 0 notes. 2 items were skipped.' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('list', { name: 'Import result' }).getByRole('listitem')).toHaveText([
    'numbers.json: Skipped: it holds no list of notes (expected a Sprout export or an array of notes)',
    'nested.json: Skipped: it is nested more than 64 levels deep, which no notes export is',
  ]);
  // The tab survived and still answers: its buttons work.
  await expect(page.getByRole('button', { name: 'Import notes…' })).toBeEnabled();
  await expectNothingImported(page, request, account);
});

test('notes nested 10,000 deep come in and open, shown as text where Markdown cannot nest that deep', async ({
  signedIn: page,
  account,
  request,
}) => {
  const divs = `${'<div>'.repeat(10_000)}Deepest words${'</div>'.repeat(10_000)}`;
  const quotes = `${'>'.repeat(10_000)} Quoted words`;
  await gotoAs(page, '/settings?tab=sync');
  await picker(page).setInputFiles([
    {
      name: 'Deep.enex',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><en-export><note><title>Deep enex</title><content><![CDATA[<en-note>${divs}</en-note>]]></content></note></en-export>`,
      ),
    },
    { name: 'deep-html.md', mimeType: 'text/markdown', buffer: Buffer.from(`# Deep html\n\n${divs}`) },
    { name: 'deep-quotes.md', mimeType: 'text/markdown', buffer: Buffer.from(`# Deep quotes\n\n${quotes}`) },
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes.' })).toBeVisible();
  await expectAllSynced(page);
  await expect.poll(async () => (await serverNotes(request, account)).length).toBe(3);
  const notes = await serverNotes(request, account);
  const opened = async (title: string) => {
    await gotoAs(page, `/note/${notes.find((note) => note.title === title)!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    return page.getByRole('tabpanel', { name: 'Note' });
  };
  // Chromium's HTML parser stops nesting at 512 elements: the words come through.
  await expect(await opened('Deep enex')).toContainText('Deepest words');
  // Raw HTML in Markdown is never rendered: an HTML block, tags and words, is left out of the view.
  await expect((await opened('Deep html')).locator('div div div div div')).toHaveCount(0);
  await expect(await opened('Deep quotes')).toContainText(quotes);
  await gotoAs(page, '/');
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('heading', { level: 2 })).toHaveCount(3);
});

test('scripts, handlers, frames and javascript: links in a note come in as text and never run', async ({
  signedIn: page,
  account,
  request,
}) => {
  const ran: unknown[] = [];
  await page.exposeBinding('__reportXss', (_source, value: unknown) => void ran.push(value));
  await page.addInitScript(() => {
    Object.defineProperty(window, '__xss', {
      set: (value: unknown) => void (window as unknown as { __reportXss: (v: unknown) => void }).__reportXss(value),
    });
  });
  const dialogs = recordDialogs(page);
  const payload = [
    '<script>window.__xss=1;alert(1)</script>',
    '<img src=x onerror="window.__xss=2">',
    '<a href="javascript:window.__xss=3">Click me</a>',
    '<iframe src="javascript:window.__xss=4"></iframe>',
    '<svg onload="window.__xss=5"><circle r="4"/></svg>',
  ].join('');
  await gotoAs(page, '/settings?tab=sync');
  await picker(page).setInputFiles([
    {
      name: 'Hostile.enex',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><en-export><note><title>Hostile enex</title><content><![CDATA[<en-note><div>Plain words</div>${payload}</en-note>]]></content></note></en-export>`,
      ),
    },
    {
      name: 'hostile.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(`# Hostile md\n\nPlain words\n\n${payload}\n\n[Markdown link](javascript:window.__xss=6)`),
    },
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 notes.' })).toBeVisible();
  await expectAllSynced(page);
  await expect.poll(async () => (await serverNotes(request, account)).length).toBe(2);
  const notes = await serverNotes(request, account);
  // The Evernote body became Markdown with the link's words alone; the Markdown file is kept as written.
  expect(notes.find((note) => note.title === 'Hostile enex')!.content).toBe('Plain words\n\nClick me');
  expect(notes.find((note) => note.title === 'Hostile md')!.content).toContain('<img src=x onerror="window.__xss=2">');

  const nothingFromTheFile = async () => {
    const main = page.getByRole('main');
    await expect(main).toContainText('Plain words');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    for (const selector of [
      'script',
      'img',
      'iframe',
      'circle[r="4"]',
      '[onerror]',
      '[onload]',
      'a[href^="javascript" i]',
    ])
      await expect(main.locator(selector), selector).toHaveCount(0);
  };
  for (const note of notes) {
    await gotoAs(page, `/note/${note.id}`);
    await nothingFromTheFile();
  }
  await gotoAs(page, '/');
  await nothingFromTheFile();
  expect(ran).toEqual([]);
  expect(dialogs).toEqual([]);
});
