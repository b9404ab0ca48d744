// Notion's 'Markdown & CSV' export (issue 37): every page a Markdown file and every database a CSV file,
// each name ending in the page's 32-hex id (`Trip ideas 4f1c…e2.md`), nested pages in a folder named like
// their parent. Pages are read as any vault's Markdown (their links between each other are relative links,
// which vault-links.ts resolves); this module takes Notion's ids off the names that become titles and tags,
// and makes each database a note holding its rows as a table.
import Papa from 'papaparse';
import { NOTE_LIMITS } from '#core/note-constants';
import type { ImportedNote } from '../../../data/notes';

// A database's CSV of every row is named like its page with `_all` after the id (newer exports).
const NOTION_ID = /\s[0-9a-f]{32}(_all)?$/i;

/** A file or folder name without Notion's id and without its extension. */
export function withoutNotionId(name: string): string {
  return name.replace(/\.(md|markdown|csv)$/i, '').replace(NOTION_ID, '');
}

/** Whether a name is one Notion's export writes: ends in a page id. */
export const isNotionName = (name: string) => NOTION_ID.test(name.replace(/\.(md|markdown|csv)$/i, ''));

/**
 * Newer Notion exports write each database twice: the rows its default view shows (`Reading list <id>.csv`,
 * the file the pages link to) and every row (`Reading list <id>_all.csv`). The database is one note, read
 * from the second under the name of the first, so links find it and no shorter copy comes in. Returns the
 * `_all` files to skip (with the file read in their place) and the view files to read from them.
 */
export function notionFullTables(paths: Iterable<string>): {
  readFrom: Map<string, string>;
  skip: Map<string, string>;
} {
  const all = new Set(paths);
  const readFrom = new Map<string, string>();
  const skip = new Map<string, string>();
  for (const path of all) {
    if (!/\s[0-9a-f]{32}_all\.csv$/i.test(path)) continue;
    const view = path.replace(/_all\.csv$/i, '.csv');
    if (!all.has(view)) continue;
    readFrom.set(view, path);
    skip.set(path, view);
  }
  return { readFrom, skip };
}

/** A cell as Markdown table text: one line, its pipes escaped. */
const cell = (value: unknown) =>
  String(value ?? '')
    .replace(/\r?\n/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/** The most rows a database note holds; a note's text has a limit, and a table that long is no note. */
const MAX_ROWS = 2000;

/**
 * A Notion database exported as CSV, as a note: its name the title, its rows a Markdown table. Throws
 * with what is wrong when the file is not a table.
 */
export function notionCsvToNote(text: string, path: string, modifiedAt: string | null): ImportedNote {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  if (!header || header.length === 0) throw new NotionFileError('it holds no table');
  const shown = rows.slice(0, MAX_ROWS);
  const lines = [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...shown.map((row) => `| ${header.map((_, i) => cell(row[i])).join(' | ')} |`),
  ];
  if (rows.length > shown.length) lines.push('', `(${rows.length - shown.length} more rows not imported)`);
  const content = lines.join('\n');
  if (content.length > NOTE_LIMITS.text) throw new NotionFileError('its table is too large for one note');
  const title = withoutNotionId(path.slice(path.lastIndexOf('/') + 1)).slice(0, NOTE_LIMITS.title) || 'Untitled table';
  return {
    source: path,
    sourceId: null,
    sourceUserId: null,
    title,
    content,
    expanded_content: null,
    is_checklist: false,
    checklist_items: null,
    chat_history: null,
    tags: null,
    pinned_at: null,
    archived_at: null,
    trashed_at: null,
    ai_excluded: false,
    created_at: modifiedAt,
    updated_at: modifiedAt,
  };
}

/** A CSV file that cannot be read as a table. */
export class NotionFileError extends Error {
  override readonly name = 'NotionFileError';
}
