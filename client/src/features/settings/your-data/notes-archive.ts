// The Markdown export as a zip (one .md file per note), and reading any set of files a user picks for
// import: Sprout's JSON export, zips of Markdown (Sprout's, Obsidian's, Joplin's, Bear's), Google Keep's
// Takeout and Evernote's .enex (issue 37), and loose Markdown files. What cannot be read is reported by file name with the
// reason, never dropped silently.
import { strToU8, Zip, ZipPassThrough } from 'fflate';
import type { LocalNote } from '#core/sync-rules';
import type { ImportedNote } from '../../../data/notes';
import { MarkdownNoteError, markdownToNote, noteToMarkdown } from './markdown-note';
import { EnexFileError, enexToNotes } from './enex-note';
import { isKeepNote, keepCompanion, keepToNote } from './keep-note';
import { notionCsvToNote, NotionFileError, notionFullTables } from './notion-export';
import { linkVaultNotes } from './vault-links';
import { listZip, unzipFile, ZipFileError, type ZipFile } from './zip-files';
import { jsonDataToNotes, NotesFileError, parseJsonFile, type ReadNotes } from './notes-json';

/** A file name for a note: its title made safe, and the start of its id so names never clash. */
export function markdownFileName(note: Pick<LocalNote, 'id' | 'title'>): string {
  const slug = note.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'note'}-${note.id.slice(0, 8)}.md`;
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Entries are stored, not deflated (fflate's ZipPassThrough, which still records each file's CRC-32).
// Deflating in JavaScript was most of the export's time, whichever way it was done; stored, the zip is
// several times larger, a local file either way (docs/decisions.md, 'The Markdown zip export stores its
// files').

/** The notes as a zip of Markdown files under `folder/`, built a batch at a time so the page stays responsive. */
export async function notesToMarkdownZip(
  notes: readonly LocalNote[],
  folder: string,
  onProgress?: (done: number, total: number) => void,
): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else parts.push(data as Uint8Array<ArrayBuffer>);
  });
  for (let i = 0; i < notes.length; i++) {
    const note = notes[i]!;
    const entry = new ZipPassThrough(`${folder}/${markdownFileName(note)}`);
    entry.mtime = new Date(note.updated_at);
    zip.add(entry);
    entry.push(strToU8(noteToMarkdown(note)), true);
    if (i % 500 === 499) {
      onProgress?.(i + 1, notes.length);
      await yieldToPage();
    }
  }
  zip.end();
  if (failure) throw failure;
  onProgress?.(notes.length, notes.length);
  return new Blob(parts, { type: 'application/zip' });
}

/** A file picked for import. */
export interface PickedFile {
  name: string;
  bytes: Uint8Array;
  /** When it was last changed (ms since 1970), the fallback time of a note without one. */
  lastModified: number | null;
}

const NOTE_FILE = /\.(md|markdown|txt)$/i;
const decoder = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** One file to read: loose, or from a zip (its path then starts with the zip's name). */
interface Entry {
  name: string;
  /** Null for a zip's file that is no note: it is never unzipped. */
  bytes: Uint8Array | null;
  modifiedAt: string | null;
}

/**
 * How much a zip's note files may come to, unzipped: a zip of a few kilobytes can claim gigabytes (a zip
 * bomb). Each file is unzipped into a buffer of the size the zip declares for it, so counting the declared
 * sizes before unzipping bounds the memory. A real export of 20,000 notes is a few tens of megabytes.
 */
export const ZIP_NOTES_LIMIT = 512 * 1024 * 1024;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const isNoteName = (name: string) => NOTE_FILE.test(name) || /\.(json|enex|csv)$/i.test(name);

function readJson(name: string, text: string, into: ReadNotes): void {
  const data = parseJsonFile(text);
  if (isKeepNote(data)) {
    const note = keepToNote(data, name);
    if ('skip' in note)
      into.skipped.push({ source: name, title: typeof data.title === 'string' ? data.title : '', reason: note.skip });
    else into.notes.push(note);
    return;
  }
  append(into, jsonDataToNotes(data, name));
}

// Not push(...list): a file's list of hundreds of thousands of items would overflow the stack as arguments.
function append(into: ReadNotes, read: ReadNotes): void {
  for (const note of read.notes) into.notes.push(note);
  for (const skipped of read.skipped) into.skipped.push(skipped);
}

function readOne({ name, bytes, modifiedAt }: Entry, paths: ReadonlySet<string>, into: ReadNotes): void {
  const companion = keepCompanion(name, paths);
  if (companion) {
    into.skipped.push({ source: name, title: '', reason: `it is ${companion}` });
    return;
  }
  const isJson = /\.json$/i.test(name);
  const isEnex = /\.enex$/i.test(name);
  const isCsv = /\.csv$/i.test(name);
  if (bytes === null || (!isJson && !isEnex && !isCsv && !NOTE_FILE.test(name))) {
    into.skipped.push({
      source: name,
      title: '',
      reason: /\.zip\//i.test(name)
        ? 'it is not a note (attachments are not imported)'
        : 'it is not a note file (Sprout imports .json, .enex, .csv, .zip, .md, .markdown and .txt)',
    });
    return;
  }
  const text = decode(bytes);
  if (text === null) {
    into.skipped.push({ source: name, title: '', reason: 'it is not UTF-8 text' });
    return;
  }
  try {
    if (isJson) readJson(name, text, into);
    else if (isEnex) {
      append(into, enexToNotes(text, name));
    } else if (isCsv) into.notes.push(notionCsvToNote(text, name, modifiedAt));
    else into.notes.push(markdownToNote(text, name, modifiedAt));
  } catch (error) {
    if (
      !(
        error instanceof NotesFileError ||
        error instanceof MarkdownNoteError ||
        error instanceof EnexFileError ||
        error instanceof NotionFileError
      )
    )
      throw error;
    into.skipped.push({ source: name, title: '', reason: error.message });
  }
}

/** Whether a zip's path could name a place outside the zip: absolute, on a drive, or climbing with `..`. */
function leavesZip(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  return path.startsWith('/') || /^[a-z]:/i.test(path) || path.split('/').includes('..');
}

/**
 * The files of a zip, or nothing (with the reason) when it cannot be read, holds no notes, claims more
 * than `limit` bytes of them, names a path outside itself or holds more than it declares. Only note
 * files are unzipped: attachments are listed, never expanded.
 */
function zipEntries(
  file: PickedFile,
  modifiedAt: string | null,
  limit: number,
  into: ReadNotes,
  nested = false,
): Entry[] {
  // All of it or none: a zip cut short would import some of its notes and silently leave the rest.
  const refuse = (reason: string): Entry[] => {
    into.skipped.push({ source: file.name, title: '', reason });
    return [];
  };
  let listed: ZipFile[];
  try {
    listed = listZip(file.bytes);
  } catch (error) {
    if (!(error instanceof ZipFileError)) throw error;
    return refuse(`it is not a zip file that can be read (${error.message})`);
  }
  // Sprout writes no files, but a zip's paths become tags and link targets: one that reaches outside the
  // zip is a made-up archive, not an export.
  const outside = listed.find((entry) => leavesZip(entry.name));
  if (outside) return refuse(`its file "${outside.name}" has a path outside the zip; nothing of it was imported`);
  const wanted: ZipFile[] = [];
  const others: string[] = [];
  for (const entry of listed) {
    // Folders, macOS resource forks and hidden files are not notes.
    if (entry.name.endsWith('/') || /(^|\/)(__MACOSX\/|\.)/.test(entry.name)) continue;
    // Notion puts its export in a zip inside the zip: one level of that is read, counted in the limit.
    if ((!nested && /\.zip$/i.test(entry.name)) || isNoteName(entry.name)) wanted.push(entry);
    else others.push(entry.name);
  }
  const claimed = wanted.reduce((sum, entry) => sum + entry.size, 0);
  if (claimed > limit)
    return refuse(
      `its notes come to more than ${sizeText(limit)} unzipped; nothing of it was imported (import it in parts)`,
    );
  const entries = new Map<string, Uint8Array>();
  try {
    for (const entry of wanted) entries.set(entry.name, unzipFile(file.bytes, entry));
  } catch (error) {
    if (!(error instanceof ZipFileError)) throw error;
    return refuse(`${error.message}; nothing of it was imported`);
  }
  const inner = [...entries.keys()].filter((name) => /\.zip$/i.test(name));
  const nestedEntries = inner.flatMap((name) => {
    const bytes = entries.get(name)!;
    entries.delete(name);
    return zipEntries(
      { name: `${file.name}/${name}`, bytes, lastModified: null },
      modifiedAt,
      limit - claimed,
      into,
      true,
    );
  });
  if (entries.size === 0 && inner.length === 0) return refuse('it holds no Markdown, JSON, Evernote or CSV files');
  return [
    ...[...entries].map(([name, bytes]) => ({ name: `${file.name}/${name}`, bytes, modifiedAt })),
    ...nestedEntries,
    ...others.map((name) => ({ name: `${file.name}/${name}`, bytes: null, modifiedAt })),
  ];
}

/** Every note in the picked files, and every file or note skipped with the reason. */
export function readPickedFiles(files: readonly PickedFile[], zipLimit = ZIP_NOTES_LIMIT): ReadNotes {
  const result: ReadNotes = { notes: [], skipped: [] };
  const entries = files.flatMap((file): Entry[] => {
    const modifiedAt = file.lastModified ? new Date(file.lastModified).toISOString() : null;
    return /\.zip$/i.test(file.name)
      ? zipEntries(file, modifiedAt, zipLimit, result)
      : [{ name: file.name, bytes: file.bytes, modifiedAt }];
  });
  // Which files sit beside which: a Takeout's HTML copy of a note is known by its JSON file's name.
  const paths = new Set(entries.map((entry) => entry.name));
  const tables = notionFullTables(paths);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  for (const entry of entries) {
    const view = tables.skip.get(entry.name);
    if (view) {
      result.skipped.push({
        source: entry.name,
        title: '',
        reason: `it is Notion's full copy of a database, read as ${view}`,
      });
      continue;
    }
    const full = tables.readFrom.get(entry.name);
    readOne(full ? { ...entry, bytes: byName.get(full)!.bytes } : entry, paths, result);
  }
  // A vault's links between its files, and its folders as tags, once every file is read.
  return { notes: linkVaultNotes(result.notes), skipped: result.skipped };
}

export type { ImportedNote };
