// A Markdown vault's notes read together (issue 37): Obsidian's `[[wiki links]]` and relative links to
// other files of the import become Sprout links, and the folder a note sits in becomes a tag. Pure: run
// by readPickedFiles over every note it read, after all of them are read.
import { NOTE_LIMITS } from '#core/note-constants';
import { importLinkHref } from '#core/note-links';
import { normalizeTag, normalizeTags } from '#core/tags';
import type { ImportedNote } from '../../../data/notes';
import { withoutNotionId } from './notion-export';

const MARKDOWN_FILE = /\.(md|markdown)$/i;
const TABLE_FILE = /\.csv$/i;
const WIKI_LINK = /(!?)\[\[([^\]|#\n]+)(#[^\]|\n]*)?(?:\|([^\]\n]+))?\]\]/g;
// `[words](address)`, not an image; the address without a scheme, not absolute, not an anchor alone.
const RELATIVE_LINK = /(^|[^!])\[([^\]\n]*)\]\((?![a-z][a-z0-9+.-]*:|\/|#)([^)\s]+)\)/gi;

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(MARKDOWN_FILE, '');

/** `path` made plain: `.` and `..` taken out, relative to nothing; null when it climbs out of the import. */
function normalPath(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** The longest folder every one of `paths` lies in (the vault's own folder, a zip's name). */
function commonFolder(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  let common = dirOf(paths[0]!);
  for (const path of paths) while (!path.startsWith(common)) common = dirOf(common.slice(0, -1));
  return common;
}

const escapeWords = (words: string) => words.replace(/[[\]\\]/g, (c) => `\\${c}`);

/**
 * The notes with their links between each other and their folders' tags. Only notes from Markdown files
 * that are not Sprout's own (those name their id and keep their tags) are changed.
 */
export function linkVaultNotes(notes: readonly ImportedNote[]): ImportedNote[] {
  // A Notion database's table is part of the vault: linked to, and tagged by its folder.
  const fromVault = (note: ImportedNote) =>
    note.sourceId === null && (MARKDOWN_FILE.test(note.source) || TABLE_FILE.test(note.source));
  const vault = notes.filter(fromVault);
  if (vault.length === 0) return [...notes];
  // Obsidian finds `[[Name]]` by the file's name anywhere in the vault, or by its path from the vault's root.
  const root = commonFolder(vault.map((note) => note.source));
  const byPath = new Map(
    vault.map((note) => [note.source.slice(root.length).replace(MARKDOWN_FILE, '').toLowerCase(), note]),
  );
  const byName = new Map<string, ImportedNote>();
  for (const note of vault) {
    const name = baseName(note.source).toLowerCase();
    if (!byName.has(name)) byName.set(name, note);
  }
  const bySource = new Map(vault.map((note) => [note.source, note]));

  const wikiTarget = (name: string) => {
    const key = name.trim().replace(MARKDOWN_FILE, '').toLowerCase();
    return byPath.get(key) ?? byName.get(key.slice(key.lastIndexOf('/') + 1));
  };
  const link = (words: string, target: ImportedNote) => `[${escapeWords(words)}](${importLinkHref(target.source)})`;

  const relink = (text: string, from: string): string =>
    text
      .replace(
        WIKI_LINK,
        (whole, embed: string, name: string, heading: string | undefined, alias: string | undefined) => {
          const target = embed ? undefined : wikiTarget(name);
          if (!target) return whole;
          return link((alias ?? `${name}${heading ?? ''}`).trim(), target);
        },
      )
      .replace(RELATIVE_LINK, (whole, before: string, words: string, address: string) => {
        let path: string;
        try {
          path = decodeURIComponent(address.replace(/#.*$/, ''));
        } catch {
          return whole;
        }
        const resolved = normalPath(dirOf(from) + path);
        const target = resolved === null ? undefined : bySource.get(resolved);
        return target ? `${before}${link(words, target)}` : whole;
      });

  return notes.map((note) => {
    if (!fromVault(note)) return note;
    // Notion names each folder after its page, with the page's id: the tag takes the names alone.
    const folder = note.source
      .slice(root.length, note.source.lastIndexOf('/') + 1)
      .split('/')
      .filter(Boolean)
      .map(withoutNotionId)
      .join('/');
    const folderTag = folder ? normalizeTag(folder) : null;
    const tags = normalizeTags([...(note.tags ?? []), ...(folderTag ? [folderTag] : [])]).slice(0, NOTE_LIMITS.tags);
    return {
      ...note,
      content: relink(note.content, note.source),
      expanded_content: note.expanded_content === null ? null : relink(note.expanded_content, note.source),
      tags: tags.length > 0 ? tags : null,
    };
  });
}
