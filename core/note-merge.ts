// Three-way merge of a note's content (issue 32, item 3; docs/sync.md [S32]): two versions made
// concurrently from one base, merged field by field where they do not overlap. Texts line by line
// (node-diff3), checklist items by item id and member, chat histories by keeping every message once,
// flags by the last writer (a move to the Trash loses to an edit it never saw), kept out of the assistant
// if either is. Pure: the sync rules decide when to merge and what to do when it cannot.
import { diff3Merge } from 'node-diff3';
import {
  CHECKLIST_ITEM,
  NOTE_CONTENT_FIELDS,
  PLACEMENT_FIELDS,
  type ChatMessage,
  type ChecklistItem,
  type ContentField,
  type NoteContent,
} from './note-fields';

/** The merged content, or the fields both versions changed in the same place. */
export type MergeOutcome = { merged: NoteContent } | { conflicts: ContentField[] };

type Merged<T> = { value: T } | 'conflict';

/** Whether two values of a field hold the same thing (lists compared member by member, keys in any order). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}

/** A value only one side changed takes that side; a change both made alike is that change. */
function trivially<T>(base: T, mine: T, theirs: T): { value: T } | null {
  if (same(mine, theirs) || same(theirs, base)) return { value: mine };
  if (same(mine, base)) return { value: theirs };
  return null;
}

/** A flag (the checklist switch, the Trash): the version written last, the one being merged in, wins. */
function flag<T>(base: T, mine: T, theirs: T): Merged<T> {
  return same(mine, base) ? { value: theirs } : { value: mine };
}

/**
 * Text merged line by line; changes to the same lines (or to lines next to each other) do not merge. Lines
 * both sides added at the same place, changing none, are all kept: theirs, then mine (two devices adding
 * to the end of a list).
 */
function text(base: string, mine: string, theirs: string): Merged<string> {
  const trivial = trivially(base, mine, theirs);
  if (trivial) return trivial;
  const lines: string[] = [];
  for (const region of diff3Merge(mine.split('\n'), base.split('\n'), theirs.split('\n'))) {
    if (region.ok) lines.push(...region.ok);
    else {
      const both = region.conflict && addedBeside(region.conflict.o, region.conflict.b, region.conflict.a);
      if (!both) return 'conflict';
      lines.push(...both);
    }
  }
  return { value: lines.join('\n') };
}

const startsWith = (lines: readonly string[], start: readonly string[]) => start.every((line, i) => lines[i] === line);
const endsWith = (lines: readonly string[], end: readonly string[]) =>
  end.every((line, i) => lines[lines.length - end.length + i] === line);

/**
 * A region both sides changed where one of them only added lines before or after the base's lines (or
 * both added lines where the base had none): both changes, the adder's lines on their side of the other's
 * change; null when both changed the same lines.
 */
function addedBeside(base: readonly string[], theirs: readonly string[], mine: readonly string[]): string[] | null {
  if (base.length === 0) return [...theirs, ...mine];
  for (const [adder, other] of [
    [mine, theirs],
    [theirs, mine],
  ] as const) {
    if (adder.length <= base.length) continue;
    if (startsWith(adder, base)) return [...other, ...adder.slice(base.length)];
    if (endsWith(adder, base)) return [...adder.slice(0, adder.length - base.length), ...other];
  }
  return null;
}

/** A text that may be absent (the expanded plan): absent merges as empty and stays absent when empty. */
function optionalText(base: string | null, mine: string | null, theirs: string | null): Merged<string | null> {
  const trivial = trivially(base, mine, theirs);
  if (trivial) return trivial;
  const merged = text(base ?? '', mine ?? '', theirs ?? '');
  if (merged === 'conflict') return merged;
  return { value: merged.value === '' && (mine === null || theirs === null) ? null : merged.value };
}

// Every member but the id, as declared: a new member of an item merges like the others.
const ITEM_MEMBERS = Object.keys(CHECKLIST_ITEM.fields).filter((name) => name !== 'id') as (keyof ChecklistItem)[];

/**
 * Checklist items by id: each member (text, ticked, date...) of an item takes the side that changed it; an item
 * one side removed stays removed unless the other changed it (then it stays, changed: nothing is lost); an
 * item one side added is kept. The order is theirs, or mine when only mine moved items (theirs keeps the
 * base's order), with the items only the other side has after the item that precedes each there.
 */
function checklist(
  base: readonly ChecklistItem[] | null,
  mine: readonly ChecklistItem[] | null,
  theirs: readonly ChecklistItem[] | null,
): Merged<ChecklistItem[] | null> {
  const trivial = trivially(base, mine, theirs);
  if (trivial) return { value: trivial.value === null ? null : [...trivial.value] };
  const byId = (items: readonly ChecklistItem[] | null) => new Map((items ?? []).map((item) => [item.id, item]));
  const [o, a, b] = [byId(base), byId(mine), byId(theirs)];
  const merged = new Map<string, ChecklistItem>();
  for (const id of new Set([...b.keys(), ...a.keys()])) {
    const [was, ours, their] = [o.get(id), a.get(id), b.get(id)];
    if (!ours || !their) {
      // Added by one side, or removed by one: removed only when the side that kept it left it as it was.
      const kept = ours ?? their!;
      if (!was || !same(kept, was)) merged.set(id, kept);
      continue;
    }
    const item = { ...their };
    for (const member of ITEM_MEMBERS) {
      const value = trivially(was?.[member], ours[member], their[member]);
      if (!value) return 'conflict';
      // An optional member neither side has (a date) stays absent rather than becoming undefined.
      if (value.value === undefined) delete (item as Record<string, unknown>)[member];
      else (item as Record<string, unknown>)[member] = value.value;
    }
    merged.set(id, item);
  }
  // Whether a side put the items it shares with the base in another order than the base's.
  const moved = (side: readonly ChecklistItem[] | null, ids: ReadonlyMap<string, ChecklistItem>) => {
    const kept = (side ?? []).map((item) => item.id).filter((id) => o.has(id));
    const before = (base ?? []).map((item) => item.id).filter((id) => ids.has(id));
    return kept.some((id, index) => id !== before[index]);
  };
  const [lead, follow] = moved(mine, a) && !moved(theirs, b) ? [mine, theirs] : [theirs, mine];
  // The leading side's order, then each item only the other has after the one before it there.
  const order = (lead ?? []).map((item) => item.id).filter((id) => merged.has(id));
  let after = -1;
  for (const item of follow ?? []) {
    const at = order.indexOf(item.id);
    if (at >= 0) after = at;
    else if (merged.has(item.id)) order.splice(++after, 0, item.id);
  }
  const items = order.map((id) => merged.get(id)!);
  return { value: items.length === 0 && (mine === null || theirs === null) ? null : items };
}

/**
 * Chat histories keep every message once: theirs, then the messages mine added after the history both
 * started from (a conversation only grows; a side that cleared it loses to one that went on).
 */
function chat(
  base: readonly ChatMessage[] | null,
  mine: readonly ChatMessage[] | null,
  theirs: readonly ChatMessage[] | null,
): Merged<ChatMessage[] | null> {
  const trivial = trivially(base, mine, theirs);
  if (trivial) return { value: trivial.value === null ? null : [...trivial.value] };
  const start = base ?? [];
  const common = start.findIndex((message, i) => !same(message, mine?.[i]));
  const added = (mine ?? []).slice(common === -1 ? start.length : common);
  const merged = [...(theirs ?? [])];
  for (const message of added) if (!merged.some((kept) => same(kept, message))) merged.push(message);
  return { value: merged.length === 0 ? null : merged };
}

/**
 * Tag lists merge as sets: a tag either side added is kept, one either side removed goes; theirs' order,
 * then the tags only mine added.
 */
function tagSet(
  base: readonly string[] | null,
  mine: readonly string[] | null,
  theirs: readonly string[] | null,
): Merged<string[] | null> {
  const trivial = trivially(base, mine, theirs);
  if (trivial) return { value: trivial.value === null ? null : [...trivial.value] };
  const [o, a] = [new Set(base ?? []), new Set(mine ?? [])];
  const removedByMine = (tag: string) => o.has(tag) && !a.has(tag);
  const merged = (theirs ?? []).filter((tag) => !removedByMine(tag));
  for (const tag of mine ?? []) if (!o.has(tag) && !merged.includes(tag)) merged.push(tag);
  return { value: merged.length === 0 ? null : merged };
}

/**
 * Keeping a note out of the assistant: kept out if either version is, whatever the base. A version made
 * while the note was kept out may hold what its writer meant to keep from the AI, so a merge never makes the
 * note sendable: an unmarking that meets a concurrent change is lost, and the user sees the marker again.
 */
function keptOut(_base: boolean, mine: boolean, theirs: boolean): Merged<boolean> {
  return { value: mine || theirs };
}

const MERGERS: {
  [K in ContentField]: (base: NoteContent[K], mine: NoteContent[K], theirs: NoteContent[K]) => Merged<NoteContent[K]>;
} = {
  title: text,
  content: text,
  expanded_content: optionalText,
  is_checklist: flag,
  checklist_items: checklist,
  chat_history: chat,
  trashed_at: flag,
  pinned_at: flag,
  archived_at: flag,
  tags: tagSet,
  ai_excluded: keptOut,
};

/** Whether a version changed what the note says (a pin or an archive is where it is kept, like the Trash). */
function changedBesidesTrash(base: NoteContent, side: NoteContent): boolean {
  return NOTE_CONTENT_FIELDS.some(
    (field) => !(PLACEMENT_FIELDS as readonly string[]).includes(field) && !same(base[field], side[field]),
  );
}

/**
 * A move to the Trash loses to a change it never saw, as a deletion does [S8]: the note stays in the lists
 * with that change. Otherwise the Trash is a flag like the others.
 */
function trashAfterMerge(
  base: NoteContent,
  mine: NoteContent,
  theirs: NoteContent,
  merged: Record<ContentField, unknown>,
): void {
  const moved = (side: NoteContent) => base.trashed_at === null && side.trashed_at !== null;
  const unseenEdit = (trashing: NoteContent, other: NoteContent) =>
    moved(trashing) && !moved(other) && changedBesidesTrash(base, other);
  if (unseenEdit(mine, theirs) || unseenEdit(theirs, mine)) merged.trashed_at = null;
}

/**
 * `mine` and `theirs`, both made from `base`, merged field by field; the fields both changed in the same
 * place when they cannot be merged. A field either side left as it was takes the other side's value.
 */
export function mergeContent(base: NoteContent, mine: NoteContent, theirs: NoteContent): MergeOutcome {
  const merged = {} as Record<ContentField, unknown>;
  const conflicts: ContentField[] = [];
  for (const field of NOTE_CONTENT_FIELDS) {
    const merge = MERGERS[field] as (base: unknown, mine: unknown, theirs: unknown) => Merged<unknown>;
    const result = merge(base[field], mine[field], theirs[field]);
    if (result === 'conflict') conflicts.push(field);
    else merged[field] = result.value;
  }
  if (conflicts.length > 0) return { conflicts };
  trashAfterMerge(base, mine, theirs, merged);
  return { merged: merged as NoteContent };
}
