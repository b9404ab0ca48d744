// The history of notes (issue 32, docs/history.md), through the real server on file-backed PGlite:
// - storage: an account of 1,000 notes of which 100 are edited by two devices in turn (phone, laptop,
//   phone; five edits each turn), 20 get an assistant's result and 10 go to the Trash and back, the way
//   a week of use edits an account; the bytes of the versions kept beside the bytes of the live notes;
// - the History panel: opening it on a note with 50 versions (its list, one version, and the line diff
//   of that version beside the current text, as the panel draws it), beside reading the note itself the
//   same number of times through the REST API on the same server.
import type { BenchGroup, GroupOptions } from '../lib/group';
import { interleave, quantile, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { seedNotes, signInAgain, signUp, startSprout, type BenchUser } from '../lib/sprout';
import { diffLines } from 'diff';
import { NOTE_CONTENT_FIELDS } from '#core/note-fields';

const NOTES = 1000;
const EDITED = 100;
const EDITS_PER_TURN = 5;
const AI_RESULTS = 20;
const TRASHED = 10;
const PANEL_VERSIONS = 50;
/** Openings of the panel per round; the round's figure is their 95th percentile. */
const OPENINGS = 40;

interface NoteRow {
  id: string;
  content: string;
  revision: number;
  [field: string]: unknown;
}

const contentBytes = (row: Record<string, unknown>) =>
  Buffer.byteLength(JSON.stringify(NOTE_CONTENT_FIELDS.map((field) => row[field] ?? null)));

async function call(user: BenchUser, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${user.url}${path}`, {
    ...init,
    headers: { ...user.headers, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

const patch = (user: BenchUser, id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(user, `/rest/v1/notes?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify(body), headers }).then((r) =>
    r.arrayBuffer(),
  );

async function liveNotes(user: BenchUser): Promise<NoteRow[]> {
  const response = await call(user, '/rest/v1/notes?select=*&deleted_at=is.null');
  return (await response.json()) as NoteRow[];
}

interface VersionMeta {
  id: string;
}

async function versionsOf(user: BenchUser, id: string): Promise<VersionMeta[]> {
  return ((await (await call(user, `/api/notes/${id}/history`)).json()) as { versions: VersionMeta[] }).versions;
}

/** The week of use above; resolves with the bytes of the versions, of all live notes and of the edited ones. */
async function editLikeAWeek(
  phone: BenchUser,
  laptop: BenchUser,
): Promise<{ versions: number; live: number; edited: number }> {
  await seedNotes(phone, NOTES);
  const notes = await liveNotes(phone);
  const edited = notes.slice(0, EDITED);
  for (const [i, note] of edited.entries()) {
    for (const [turn, device] of [phone, laptop, phone].entries()) {
      for (let edit = 0; edit < EDITS_PER_TURN; edit++) {
        await patch(device, note.id, { content: `${note.content}\nTurn ${turn}, edit ${edit}.` });
      }
    }
    if (i < AI_RESULTS)
      await patch(
        phone,
        note.id,
        { expanded_content: `## Plan ${i}\n1. A step\n2. Another` },
        {
          'Sprout-History': `ai=${note.id}`,
        },
      );
    if (i >= EDITED - TRASHED) {
      await patch(phone, note.id, { trashed_at: new Date().toISOString() });
      await patch(phone, note.id, { trashed_at: null });
    }
  }
  let versions = 0;
  for (const note of edited) {
    for (const version of await versionsOf(phone, note.id)) {
      const response = await call(phone, `/api/notes/${note.id}/history/${version.id}`);
      versions += contentBytes(((await response.json()) as { content: Record<string, unknown> }).content);
    }
  }
  const now = await liveNotes(phone);
  const editedIds = new Set(edited.map((note) => note.id));
  return {
    versions,
    live: now.reduce((sum, note) => sum + contentBytes(note), 0),
    edited: now.filter((note) => editedIds.has(note.id)).reduce((sum, note) => sum + contentBytes(note), 0),
  };
}

/** Opens the panel as the client does: the list, then the second newest version and its diff with the text. */
async function openPanel(user: BenchUser, id: string, current: string): Promise<number> {
  const began = performance.now();
  const { versions } = (await (await call(user, `/api/notes/${id}/history`)).json()) as { versions: VersionMeta[] };
  const response = await call(user, `/api/notes/${id}/history/${versions[1]!.id}`);
  const { content } = (await response.json()) as { content: { content: string } };
  // The panel's line diff (client/src/features/notes/conflict/line-diff.ts) is jsdiff's, as here.
  diffLines(content.content, current);
  return performance.now() - began;
}

async function readNoteTwice(user: BenchUser, id: string): Promise<number> {
  const began = performance.now();
  for (let i = 0; i < 2; i++) await (await call(user, `/rest/v1/notes?id=eq.${id}&select=*`)).arrayBuffer();
  return performance.now() - began;
}

async function p95Of(openings: number, open: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < openings; i++) times.push(await open());
  return quantile(times, 0.95);
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 5, seconds: 0 });
  const server = await startSprout();
  try {
    const phone = await signUp(server.url);
    const laptop = await signInAgain(phone);
    options.log(`a week of edits on ${NOTES} notes`);
    const storage = await editLikeAWeek(phone, laptop);

    // A note written by the two devices in turn: every write keeps the other's version.
    const [note] = (await (
      await call(phone, '/rest/v1/notes?select=*', {
        method: 'POST',
        headers: { Prefer: 'return=representation' },
        body: JSON.stringify({ title: 'Long-lived plan', content: 'Line one\nLine two\nLine three' }),
      })
    ).json()) as NoteRow[];
    let text = note!.content;
    for (let i = 0; i < PANEL_VERSIONS; i++) {
      text = `${text}\nLine written by ${i % 2 ? 'the laptop' : 'the phone'}, turn ${i}`;
      await patch(i % 2 ? laptop : phone, note!.id, { content: text });
    }
    const versions = (await versionsOf(phone, note!.id)).length;
    if (versions < PANEL_VERSIONS) throw new Error(`expected ${PANEL_VERSIONS} versions, found ${versions}`);
    // Warm-up, not counted.
    await p95Of(5, () => openPanel(phone, note!.id, text));
    await p95Of(5, () => readNoteTwice(phone, note!.id));
    options.log(`${rounds} rounds of ${OPENINGS} openings`);
    const samples = await interleave(rounds, {
      panel: () => p95Of(OPENINGS, () => openPanel(phone, note!.id, text)),
      floor: () => p95Of(OPENINGS, () => readNoteTwice(phone, note!.id)),
    });
    return [
      toRow({
        name: `History storage: ${NOTES.toLocaleString('en-US')} notes, ${EDITED} edited by two devices in turn`,
        unit: 'x live bytes',
        values: [storage.versions / storage.live],
        better: 'lower',
        goal: '<= 3x the live notes',
        meets: (v) => v <= 3,
      }),
      toRow({
        name: `History storage of the ${EDITED} edited notes alone`,
        unit: 'x their bytes',
        values: [storage.versions / storage.edited],
        better: 'lower',
      }),
      toRow({
        name: `History panel: list and one diff, a note with ${PANEL_VERSIONS} versions, p95`,
        unit: 'ms',
        values: samples.panel,
        floorName: 'reading the note twice through REST, p95',
        floorValues: samples.floor,
        better: 'lower',
        goal: 'p95 < 100 ms',
        meets: (v) => v < 100,
      }),
    ];
  } finally {
    await server.stop();
  }
}

export const group: BenchGroup = {
  name: 'history',
  title: 'History of notes (issue 32)',
  order: 35,
  smoke: false,
  method:
    'Storage: an account of 1,000 notes written through the API; 100 of them edited by two signed-in sessions in turn (phone, laptop, phone; five PATCHes each turn), 20 given an assistant result (a PATCH of the plan naming `Sprout-History: ai`), 10 moved to the Trash and back. The bytes are the JSON of each version content, read back through `/api/notes/:id/history`, beside the same JSON of the live notes (the whole account, then the edited notes alone). Panel: a note written 50 times by the two sessions in turn (50 versions); one opening is the list, the second newest version and its line diff beside the current text (jsdiff’s `diffLines`, which the panel draws), timed from the bench process; the floor reads the note twice through `/rest/v1/notes` on the same server. Each round is the 95th percentile of 40 openings; rounds interleaved; file-backed PGlite.',
  run,
};
