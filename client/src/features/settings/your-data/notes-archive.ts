// The Markdown export as a zip (one .md file per note), and reading any set of files a user picks for
// import: Sprout's JSON export, zips of Markdown (Sprout's, Obsidian's, Joplin's, Bear's) and loose
// Markdown files. What cannot be read is reported by file name with the reason, never dropped silently.
import { strToU8, unzipSync, Zip, ZipPassThrough } from 'fflate';
import type { LocalNote } from '#core/sync-rules';
import type { ImportedNote } from '../../../data/notes';
import { MarkdownNoteError, markdownToNote, noteToMarkdown } from './markdown-note';
import { jsonToNotes, NotesFileError, type ReadNotes } from './notes-json';

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

function readOne(name: string, bytes: Uint8Array, modifiedAt: string | null, into: ReadNotes): void {
  const isJson = /\.json$/i.test(name);
  if (!isJson && !NOTE_FILE.test(name)) {
    into.skipped.push({
      source: name,
      title: '',
      reason: 'it is not a note file (Sprout imports .json, .zip, .md, .markdown and .txt)',
    });
    return;
  }
  const text = decode(bytes);
  if (text === null) {
    into.skipped.push({ source: name, title: '', reason: 'it is not UTF-8 text' });
    return;
  }
  try {
    if (isJson) {
      const read = jsonToNotes(text, name);
      into.notes.push(...read.notes);
      into.skipped.push(...read.skipped);
    } else {
      into.notes.push(markdownToNote(text, name, modifiedAt));
    }
  } catch (error) {
    if (!(error instanceof NotesFileError || error instanceof MarkdownNoteError)) throw error;
    into.skipped.push({ source: name, title: '', reason: error.message });
  }
}

function readZip(file: PickedFile, modifiedAt: string | null, into: ReadNotes): void {
  let entries: Record<string, Uint8Array>;
  try {
    // Folders, macOS resource forks and hidden files are not notes.
    entries = unzipSync(file.bytes, {
      filter: (entry) => !entry.name.endsWith('/') && !/(^|\/)(__MACOSX\/|\.)/.test(entry.name),
    });
  } catch (error) {
    into.skipped.push({
      source: file.name,
      title: '',
      reason: `it is not a zip file that can be read (${error instanceof Error ? error.message : String(error)})`,
    });
    return;
  }
  const names = Object.keys(entries);
  if (!names.some((name) => NOTE_FILE.test(name) || /\.json$/i.test(name))) {
    into.skipped.push({ source: file.name, title: '', reason: 'it holds no Markdown or JSON files' });
    return;
  }
  for (const name of names) {
    if (!NOTE_FILE.test(name) && !/\.json$/i.test(name)) {
      into.skipped.push({
        source: `${file.name}/${name}`,
        title: '',
        reason: 'it is not a note (attachments are not imported)',
      });
      continue;
    }
    readOne(`${file.name}/${name}`, entries[name]!, modifiedAt, into);
  }
}

/** Every note in the picked files, and every file or note skipped with the reason. */
export function readPickedFiles(files: readonly PickedFile[]): ReadNotes {
  const result: ReadNotes = { notes: [], skipped: [] };
  for (const file of files) {
    const modifiedAt = file.lastModified ? new Date(file.lastModified).toISOString() : null;
    if (/\.zip$/i.test(file.name)) readZip(file, modifiedAt, result);
    else readOne(file.name, file.bytes, modifiedAt, result);
  }
  return result;
}

export type { ImportedNote };
