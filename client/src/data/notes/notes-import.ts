// Bringing notes from an export or other apps onto this device as ordinary local writes [S1]: each note
// is created pending and synced like any new note. Importing is idempotent: a note keeps its id when it is
// this user's (or already here), and gets an id derived from the user and its source otherwise, so the same
// file imported twice finds its notes already there. A note whose id is here with other content becomes
// a conflict copy (its id derived too), never an overwrite [S7].
import { noteWritableSchema } from '#core/note';
import {
  EMPTY_CONTENT,
  NOTE_CONTENT_FIELDS,
  type ContentField,
  type NoteContent,
  type ReadonlyLists,
} from '#core/note-fields';
import { withListsRepaired } from '#core/note-lenient';
import { resolveImportLinks } from '#core/note-links';
import { randomUuid } from '#core/random-id';
import { conflictCopy, sameContent, type LocalNote } from '#core/sync-rules';
import { localCreate } from '#core/sync-local-writes';
import type { LocalStore } from './local-store';

/** A note read from a file, before it becomes one of the user's notes: its content, and what the file says of it. */
export type ImportedNote = ReadonlyLists<NoteContent> & {
  /** Where it came from, for the report ('notes.json #3', 'Trips/Rome.md'). */
  source: string;
  /** The id it had where it came from, if any. */
  sourceId: string | null;
  /** The user it belonged to, when the file says (the JSON export does). */
  sourceUserId: string | null;
  created_at: string | null;
  updated_at: string | null;
};

export type ImportStatus = 'created' | 'unchanged' | 'conflict-copy' | 'invalid';

export interface ImportLine {
  source: string;
  title: string;
  status: ImportStatus;
  /** The note's id on this device (none for 'invalid'). */
  id: string | null;
  /** Why an invalid note was skipped. */
  reason?: string;
}

export interface ImportPlan {
  put: LocalNote[];
  lines: ImportLine[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const contentSchema = noteWritableSchema.pick({
  ...(Object.fromEntries(NOTE_CONTENT_FIELDS.map((field) => [field, true])) as { [K in ContentField]: true }),
  created_at: true,
  updated_at: true,
});

// The content fields a derived id was first made of, in their order. A file imported again must find its
// notes at the same ids after a field is added, so a later field joins the fingerprint only when it holds
// more than its empty value.
const FIRST_FINGERPRINT_FIELDS = [
  'title',
  'content',
  'expanded_content',
  'is_checklist',
  'checklist_items',
  'chat_history',
] as const satisfies readonly ContentField[];
const LATER_FINGERPRINT_FIELDS = NOTE_CONTENT_FIELDS.filter(
  (field) => !(FIRST_FINGERPRINT_FIELDS as readonly ContentField[]).includes(field),
);

/**
 * A stable UUID (version 4 layout) for a text: FNV-1a over four differently seeded lanes. The lanes are
 * written out rather than looped over: an import hashes all of its text, and the written-out lanes did it
 * several times faster (docs/decisions.md, 'An import is one IndexedDB transaction'). The ids must never change (a file imported again finds its notes by them): the test pins them.
 */
export function derivedId(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  let c = 0x9e3779b9;
  let d = 0x85ebca6b;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul((a ^ code) >>> 0, 0x01000193) >>> 0;
    b = Math.imul((b ^ code) >>> 0, 0x01000195) >>> 0;
    c = Math.imul((c ^ code) >>> 0, 0x01000197) >>> 0;
    d = Math.imul((d ^ code) >>> 0, 0x01000199) >>> 0;
  }
  const hex = [a, b, c, d].map((lane) => lane.toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function contentOf(note: ImportedNote): NoteContent {
  const content: Partial<Record<ContentField, unknown>> = {};
  for (const field of NOTE_CONTENT_FIELDS) content[field] = note[field];
  return { ...EMPTY_CONTENT, ...withListsRepaired(content) };
}

function fingerprint(content: NoteContent): string {
  const values: unknown[] = FIRST_FINGERPRINT_FIELDS.map((field) => content[field]);
  for (const field of LATER_FINGERPRINT_FIELDS) {
    if (JSON.stringify(content[field]) !== JSON.stringify(EMPTY_CONTENT[field])) values.push([field, content[field]]);
  }
  return JSON.stringify(values);
}

/** Where an imported note lands: its own id when it is this user's or already here, else a derived one. */
function targetId(note: ImportedNote, userId: string, existing: ReadonlyMap<string, LocalNote>): string {
  const id = note.sourceId && UUID.test(note.sourceId) ? note.sourceId.toLowerCase() : null;
  if (id && (note.sourceUserId === userId || existing.get(id)?.user_id === userId)) return id;
  return derivedId(`${userId}\n${id ?? `${note.source}\n${fingerprint(contentOf(note))}`}`);
}

function validate(
  note: ImportedNote,
  now: string,
): { content: NoteContent; createdAt: string; updatedAt: string } | { reason: string } {
  const content = contentOf(note);
  if (content.title.trim() === '') return { reason: 'it has no title' };
  const updatedAt = note.updated_at ?? note.created_at ?? now;
  const createdAt = note.created_at ?? updatedAt;
  const parsed = contentSchema.safeParse({ ...content, created_at: createdAt, updated_at: updatedAt });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      reason: issue ? `${issue.path.map(String).join('.') || 'note'}: ${issue.message}` : 'it is not a valid note',
    };
  }
  return { content, createdAt, updatedAt };
}

function withItemIdsOf(content: NoteContent, here: NoteContent): NoteContent {
  const items = content.checklist_items;
  const ours = here.checklist_items;
  if (!items || !ours || items.length !== ours.length) return content;
  const same = items.every((item, i) => item.text === ours[i]!.text && item.completed === ours[i]!.completed);
  return same ? { ...content, checklist_items: ours.map((item) => ({ ...item })) } : content;
}

/**
 * What importing `notes` for `userId` writes, given the notes with those ids already on the device
 * (`existing`, tombstones included). Pure; `mutationId` gives each write its fresh mutation id [S3].
 */
export function planImport(
  notes: readonly ImportedNote[],
  existing: ReadonlyMap<string, LocalNote>,
  context: { userId: string; now: string; mutationId: () => string },
): ImportPlan {
  const current = new Map(existing);
  const put: LocalNote[] = [];
  const lines: ImportLine[] = [];
  // Links between the notes of the import name their targets by source until now (a vault's
  // [[links]]): each points at its target's id. The ids come from the notes as read, links unresolved,
  // so the same files imported again land on the same ids and find their notes unchanged.
  const ids = new Map(notes.map((note) => [note.source, targetId(note, context.userId, existing)]));
  const idOf = (source: string) => ids.get(source);
  for (const read of notes) {
    const note: ImportedNote = {
      ...read,
      content: resolveImportLinks(read.content, idOf),
      expanded_content: resolveImportLinks(read.expanded_content, idOf),
    };
    const valid = validate(note, context.now);
    if ('reason' in valid) {
      lines.push({ source: note.source, title: note.title, status: 'invalid', id: null, reason: valid.reason });
      continue;
    }
    const id = targetId(read, context.userId, current);
    const here = current.get(id);
    // A Markdown file names no checklist item ids: the same items keep the ids they have here.
    if (here) valid.content = withItemIdsOf(valid.content, here);
    const fresh = (noteId: string): LocalNote => ({
      ...localCreate(valid.content, {
        id: noteId,
        userId: context.userId,
        mutationId: context.mutationId(),
        now: valid.updatedAt,
      }),
      created_at: valid.createdAt,
    });
    if (!here) {
      const created = fresh(id);
      current.set(id, created);
      put.push(created);
      lines.push({ source: note.source, title: note.title, status: 'created', id });
      continue;
    }
    if (here.user_id === context.userId && here.deleted_at === null && sameContent(here, valid.content)) {
      lines.push({ source: note.source, title: note.title, status: 'unchanged', id });
      continue;
    }
    // Another version of a note that is here (or was deleted here): kept beside it, never over it.
    // Named by the text as read (links unresolved), as candidateIds names it.
    const asRead = { ...valid.content, content: read.content, expanded_content: read.expanded_content };
    const copyId = derivedId(`${context.userId}\nconflict\n${id}\n${fingerprint(asRead)}`);
    const copyHere = current.get(copyId);
    if (copyHere && copyHere.deleted_at === null) {
      lines.push({ source: note.source, title: copyHere.title, status: 'unchanged', id: copyId });
      continue;
    }
    const copy = conflictCopy(fresh(id), { id: copyId, mutationId: context.mutationId(), now: valid.createdAt });
    current.set(copyId, copy);
    put.push(copy);
    lines.push({ source: note.source, title: copy.title, status: 'conflict-copy', id: copyId });
  }
  return { put, lines };
}

/** The ids planImport may look at for these notes: their own and derived ids, and their copies'. */
function candidateIds(notes: readonly ImportedNote[], userId: string): string[] {
  const ids = new Set<string>();
  for (const note of notes) {
    const own = note.sourceId && UUID.test(note.sourceId) ? note.sourceId.toLowerCase() : null;
    if (own) ids.add(own);
    const derived = targetId(note, userId, new Map());
    ids.add(derived);
    const content = fingerprint(contentOf(note));
    for (const id of [own, derived]) if (id) ids.add(derivedId(`${userId}\nconflict\n${id}\n${content}`));
  }
  return [...ids];
}

/**
 * Imports `notes` for `userId` into `store` in one transaction and returns a line per note. One
 * transaction, not one per batch: every commit makes the screens' live queries and the search index
 * read the user's notes again, which cost far more than the import's own work (docs/decisions.md, 'An
 * import is one IndexedDB transaction'). `onProgress` reports the notes done, at the start and the end.
 */
export async function importNotes(
  store: LocalStore,
  userId: string,
  notes: readonly ImportedNote[],
  options: { now?: () => Date; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportLine[]> {
  const now = (options.now ?? (() => new Date()))().toISOString();
  let lines: ImportLine[] = [];
  options.onProgress?.(0, notes.length);
  await store.modify(candidateIds(notes, userId), (existing) => {
    const plan = planImport(notes, existing, { userId, now, mutationId: randomUuid });
    lines = plan.lines;
    return { put: plan.put, delete: [] };
  });
  options.onProgress?.(notes.length, notes.length);
  return lines;
}
