// Google Keep's notes as Google Takeout gives them (issue 37): one JSON file per note under Takeout/Keep/,
// beside an HTML copy of the same note, the labels' list and the attachments. A text note keeps its text,
// a list becomes a checklist with its ticks, labels become tags, a pin and an archive stay, the times are
// Keep's; a note in Keep's Trash is skipped. What maps to what, and what is lost: docs/import.md.
import { NOTE_LIMITS } from '#core/note-constants';
import type { ChecklistItem } from '#core/note-fields';
import { normalizeTags } from '#core/tags';
import type { ImportedNote } from '../../../data/notes';

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed JSON file is one of Keep's notes: its text or list, and Keep's own timestamps. */
export function isKeepNote(data: unknown): data is Raw {
  return (
    isRecord(data) &&
    ('textContent' in data || 'listContent' in data) &&
    ('userEditedTimestampUsec' in data || 'createdTimestampUsec' in data)
  );
}

/** Whether a file of a Takeout is one Keep writes beside its notes' JSON, not a note of its own. */
export function keepCompanion(path: string, paths: ReadonlySet<string>): string | null {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  // Takeout's Labels.txt sits among the notes' JSON files (in Keep/, or picked with them).
  if (
    path.slice(folder.length) === 'Labels.txt' &&
    [...paths].some((other) => other.startsWith(folder) && /\.json$/i.test(other.slice(folder.length)))
  )
    return "Google Keep's list of labels (each note's labels become its tags)";
  const json = path.replace(/\.html?$/i, '.json');
  if (json !== path && paths.has(json)) return "Google Keep's HTML copy of a note, read from its .json file";
  return null;
}

/** A time in microseconds since 1970 (a number or a string of digits) as ISO 8601; null when it is none. */
function usecToIso(value: unknown): string | null {
  const usec =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  const ms = Math.floor(usec / 1000);
  // Keep began in 2013; a time before 2000 or after 2200 is not one of its notes' times.
  if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms > Date.UTC(2200, 0, 1)) return null;
  return new Date(ms).toISOString();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Keep lets a note have no title: the start of its first line names it, as Keep's own list shows it. */
function titleOf(title: string, body: string, items: readonly ChecklistItem[]): string {
  const first = [title, ...body.split('\n'), ...items.map((item) => item.text)]
    .map((line) => line.trim())
    .find((line) => line !== '');
  if (!first) return 'Untitled note';
  const limit = Math.min(NOTE_LIMITS.title, 80);
  if (first.length <= limit) return first;
  const cut = first.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2)).trimEnd()}…`;
}

/** The web links Keep shows under a note, as Markdown links after its text. */
function linksOf(data: Raw): string[] {
  const annotations = Array.isArray(data.annotations) ? data.annotations : [];
  return annotations.flatMap((annotation) => {
    if (!isRecord(annotation) || typeof annotation.url !== 'string' || !/^https?:\/\//i.test(annotation.url)) return [];
    const label = text(annotation.title).replace(/[[\]]/g, '').trim() || annotation.url;
    // Brackets and spaces would end a Markdown link's address early.
    const url = annotation.url.replace(
      /[()\s]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    );
    return [`[${label}](${url})`];
  });
}

/**
 * The note of one of Keep's JSON files named `path`, or why it is skipped. The checklist items' ids are
 * their places, so the same file read again makes the same note (the import finds it already here).
 */
export function keepToNote(data: Raw, path: string): ImportedNote | { skip: string } {
  if (data.isTrashed === true) return { skip: "it is in Google Keep's Trash" };
  const list = Array.isArray(data.listContent) ? data.listContent : null;
  const items: ChecklistItem[] = (list ?? [])
    .filter((item): item is Raw => isRecord(item) && text(item.text).trim() !== '')
    .map((item, i) => ({ id: `item-${i + 1}`, text: text(item.text), completed: item.isChecked === true }));
  const body = text(data.textContent).replace(/\r\n?/g, '\n').trim();
  const links = linksOf(data);
  const content = [body, links.join('\n')].filter((part) => part !== '').join('\n\n');
  const updated = usecToIso(data.userEditedTimestampUsec) ?? usecToIso(data.createdTimestampUsec);
  const created = usecToIso(data.createdTimestampUsec) ?? updated;
  const labels = Array.isArray(data.labels) ? data.labels.filter(isRecord).map((label) => label.name) : [];
  const tags = normalizeTags(labels).slice(0, NOTE_LIMITS.tags);
  return {
    source: path,
    sourceId: null,
    sourceUserId: null,
    title: titleOf(text(data.title), body, items),
    content,
    expanded_content: null,
    is_checklist: list !== null,
    checklist_items: list !== null ? items : null,
    chat_history: null,
    tags: tags.length > 0 ? tags : null,
    // Keep gives no time for a pin or an archive: the note's last edit stands in for it.
    pinned_at: data.isPinned === true && data.isArchived !== true ? (updated ?? created) : null,
    archived_at: data.isArchived === true ? (updated ?? created) : null,
    trashed_at: null,
    ai_excluded: false,
    created_at: created,
    updated_at: updated,
  };
}
