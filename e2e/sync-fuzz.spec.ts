// Two-device offline fuzz in Chromium (docs/sync.md, Tests): two browser contexts of one user make seeded
// random edits of one line of a note's text, and deletions, through the Edit screen, going offline and
// online in between; then both sync, and each device's IndexedDB and the server are compared with every
// write the user made (each line written is unique):
// - the same live notes everywhere;
// - no lost write: every line written is still on a live note unless a later edit or a deletion was made
//   on a screen showing it (the user replaced or deleted it themselves). Edits of different lines of one
//   note merge [S33], so both must be there;
// - no resurrection: a note the user deleted (on a screen showing it, [S22]) is not live again unless it
//   holds a line that screen never showed (an edit the deletion never saw wins [S8]).
// A live note is one in the lists: a deletion moves the note to the Trash [S29], where it is not live.
// `npm test` runs a few seeds; `npm run soak` runs 120 (SYNC_E2E_RUNS). SYNC_E2E_SEED replays a run.
import type { Page } from '@playwright/test';
import { seededRandom } from '../test/kit/seeded-random';
import { localNotes } from './support/device';
import { test, expect } from './support/fixtures';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { expectAllSynced, seedNotes, serverNotes, syncNow } from './support/notes';
import { signIn } from './support/session';
import { editorValue, expectEditorValue } from './support/editor';

test.use({ serviceWorkers: 'allow' });

const RUNS = Number(process.env.SYNC_E2E_RUNS ?? 2);
/** Lines of each note's text; an edit replaces one. */
const LINES = 4;
const OPS = Number(process.env.SYNC_E2E_OPS ?? 6);
const SEED = Number(process.env.SYNC_E2E_SEED ?? Math.floor(Math.random() * 2 ** 31));

interface Device {
  name: string;
  page: Page;
  offline: boolean;
}

interface LiveNote {
  id: string;
  title: string;
  content: string;
}

/** The user's live notes in this device's IndexedDB (pending ones included; not those in the Trash). */
async function localLive(page: Page, userId: string): Promise<LiveNote[]> {
  return (await localNotes(page)).filter(
    (note) => note.user_id === userId && note.deleted_at === null && !note.trashed_at,
  );
}

const sorted = (notes: LiveNote[]) =>
  [...notes].map(({ id, title, content }) => ({ id, title, content })).sort((a, b) => a.id.localeCompare(b.id));

/** Opens the Edit screen of a note; null when this device does not show it (deleted meanwhile). */
async function openEditor(device: Device, id: string): Promise<string | null> {
  await device.page.goto(`/edit/${id}`);
  const field = device.page.getByRole('textbox', { name: 'Note', exact: true });
  const missing = device.page.getByText(/not found/i);
  await expect(field.or(missing).first()).toBeVisible();
  if (!(await field.isVisible())) return null;
  return editorValue(field);
}

async function syncUntilQuiet(device: Device): Promise<void> {
  if (!device.page.url().endsWith('/')) await device.page.goto('/');
  await syncNow(device.page);
  await expectAllSynced(device.page);
}

test('two devices offline and online: nothing written is lost, nothing deleted comes back', async ({
  page,
  newDevice,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000 + RUNS * OPS * 8_000);
  console.info(`two-device fuzz: seed ${SEED}, ${RUNS} runs of ${OPS} steps (replay: SYNC_E2E_SEED=${SEED})`);
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/, /status of 409/);
  const random = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  await signIn(page, account);
  await waitForServiceWorker(page);
  const otherPage = await newDevice({ account, signIn: 'form' });
  await waitForServiceWorker(otherPage);
  const devices: Device[] = [
    { name: 'one', page, offline: false },
    { name: 'two', page: otherPage, offline: false },
  ];

  const written = new Set<string>();
  /** Lines a later edit replaced on a screen that showed them. */
  const replaced = new Set<string>();
  /** The lines of each note the user deleted, as the screen showed them. */
  const deleted: Set<string>[] = [];
  let counter = 0;
  const lines = (text: string) => text.split('\n');

  for (let run = 0; run < RUNS; run++) {
    const seeded = await seedNotes(
      request,
      account,
      [0, 1].map((i) => ({
        title: `Run ${run} note ${i}`,
        content: Array.from({ length: LINES }, (_, line) => `seed ${run}.${i}.${line}`).join('\n'),
      })),
    );
    for (const note of seeded) for (const line of lines(note.content)) written.add(line);
    for (const device of devices) await syncUntilQuiet(device);

    for (let step = 0; step < OPS; step++) {
      const device = pick(devices);
      const roll = random();
      if (roll < 0.25) {
        if (device.offline) await goOnline(device.page);
        else await goOffline(device.page);
        device.offline = !device.offline;
        continue;
      }
      const targets = await localLive(device.page, account.userId);
      if (targets.length === 0) continue;
      const target = pick(targets);
      if ((await openEditor(device, target.id)) === null) continue;
      const field = device.page.getByRole('textbox', { name: 'Note', exact: true });
      if (roll < 0.75) {
        const text = `write ${SEED}.${run}.${counter++}`;
        const at = Math.floor(random() * LINES);
        // What the screen shows when the user starts typing: a pull may have refreshed the untouched
        // form since it opened, and from the first key on the form keeps what is typed. Read and typed
        // in one task of the page, so no pull can land between the two.
        const { before, after } = await field.evaluate(
          (element, { typed, line }) => {
            // The Markdown editor (CodeMirror, issue 33); a plain textarea the same way.
            type View = {
              state: { doc: { toString(): string; length: number } };
              dispatch(spec: { changes: { from: number; to: number; insert: string }; userEvent: string }): void;
            };
            const view = (element as unknown as { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view;
            const input = element as HTMLTextAreaElement;
            const shown = view ? view.state.doc.toString() : input.value;
            const edited = shown.split('\n');
            edited[Math.min(line, edited.length - 1)] = typed;
            const value = edited.join('\n');
            if (view) view.dispatch({ changes: { from: 0, to: shown.length, insert: value }, userEvent: 'input.type' });
            else {
              Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')!.set!.call(input, value);
              input.dispatchEvent(new Event('input', { bubbles: true }));
            }
            return { before: shown, after: value };
          },
          { typed: text, line: at },
        );
        await expectEditorValue(field, after);
        await device.page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(device.page).toHaveURL(/\/$/);
        written.add(text);
        for (const line of lines(before)) if (!lines(after).includes(line)) replaced.add(line);
      } else {
        // The deletion is of the version shown when Delete was pressed; the form holds still while the
        // confirmation is open ([S20], [S8]), so what it shows then is what the user deletes.
        // Held before the click: the confirmation hides the form from the accessibility tree, where the
        // role locator would then wait for the field until the test timed out (seen once in CI).
        const fieldElement = await field.elementHandle();
        await device.page.getByRole('button', { name: 'Delete', exact: true }).click();
        const shown = await editorValue(fieldElement!);
        await device.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
        await expect(device.page).toHaveURL(/\/$/);
        deleted.push(new Set(lines(shown)));
      }
    }

    for (const device of devices) {
      if (device.offline) await goOnline(device.page);
      device.offline = false;
    }
    // Two rounds: the second device's push may make copies the first must pull.
    for (let round = 0; round < 2; round++) for (const device of devices) await syncUntilQuiet(device);

    const server = sorted(await serverNotes(request, account));
    for (const device of devices)
      expect(
        sorted(await localLive(device.page, account.userId)),
        `run ${run}, device ${device.name}, seed ${SEED}`,
      ).toEqual(server);
    const live = new Set(server.flatMap((note) => lines(note.content)));
    const gone = (line: string) => replaced.has(line) || deleted.some((shown) => shown.has(line));
    const lost = [...written].filter((line) => !live.has(line) && !gone(line));
    // A live note made only of lines a deletion showed: back although the user deleted all of it.
    const resurrected = server
      .filter((note) => deleted.some((shown) => lines(note.content).every((line) => shown.has(line))))
      .map((note) => note.content);
    expect({ lost, resurrected }, `run ${run}, seed ${SEED}`).toEqual({ lost: [], resurrected: [] });
  }
});
