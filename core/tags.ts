// Tags (issue 33): what a tag may be, how one typed by the user is written, and the tags a note's text
// names with `#tag`. Pure, without zod: the search worker and the device's tag index read notes with it.
//
// A tag is one or more names joined by `/` (`work/launch` is a tag `launch` inside `work`); a name holds
// letters, digits, `_` and `-`. Tags are lower case, so `#Work` and a chip 'work' are one tag.

import { NOTE_LIMITS } from './note-constants';

const TAG_MAX_LENGTH = NOTE_LIMITS.tagLength;

// A name's characters: letters without upper or title case, marks, digits, `_` and `-`.
const CHAR = String.raw`\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}_-`;
/** A whole tag as stored, read with the `u` flag: names joined by single slashes (the server checks it). */
export const TAG_PATTERN = String.raw`^[${CHAR}]+(?:/[${CHAR}]+)*$`;
export const TAG_RULE = 'a tag: lower-case letters, digits, _ or -, in names joined by single slashes';
const WHOLE_TAG = new RegExp(TAG_PATTERN, 'u');
const NOT_CHAR = new RegExp(`[^${CHAR}]`, 'gu');

/** Whether `value` is a tag as a note stores it: the pattern, within the length. */
export function isTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= TAG_MAX_LENGTH && WHOLE_TAG.test(value);
}

/**
 * A tag as the user typed it (a chip, `#Work/Launch `, a front matter entry), written as a note stores it;
 * null when nothing of a tag is left. Spaces inside become `-`, stray slashes and leading `#` go.
 */
export function normalizeTag(raw: string): string | null {
  const tag = raw
    .trim()
    .replace(/^#+/, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .split('/')
    .map((name) => name.replace(NOT_CHAR, ''))
    .filter((name) => name !== '')
    .join('/');
  return isTag(tag) ? tag : null;
}

/** `tags` normalized, each once, in their first order; what is no tag is left out (pure). */
export function normalizeTags(tags: Iterable<unknown>): string[] {
  const kept = new Set<string>();
  for (const raw of tags) {
    const tag = typeof raw === 'string' ? normalizeTag(raw) : null;
    if (tag) kept.add(tag);
  }
  return [...kept];
}

// `#name` after the start, a space or an opening bracket, and not made of digits only (`#1` is an issue
// number, not a tag). Code spans and fenced blocks are left out before the search.
const INLINE_TAG = /(^|[\s([{>"'])#([\p{L}\p{M}\p{N}_-]+(?:\/[\p{L}\p{M}\p{N}_-]+)*)/gu;
const DIGITS_ONLY = /^[\d/]+$/;
const FENCED = /^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|$(?![\s\S]))/gm;
const CODE_SPAN = /`[^`\n]*`/g;

/** The tags a text names with `#tag`, in order, each once (pure). Headings (`# Title`) are no tags. */
export function inlineTags(text: string | null | undefined): string[] {
  if (!text || !text.includes('#')) return [];
  const prose = text.replace(FENCED, '').replace(CODE_SPAN, '');
  const found: string[] = [];
  for (const match of prose.matchAll(INLINE_TAG)) {
    const name = match[2]!;
    if (DIGITS_ONLY.test(name)) continue;
    const tag = normalizeTag(name);
    if (tag) found.push(tag);
  }
  return [...new Set(found)];
}

/** What a note holds that tags it: its own tags and the text's `#tags`. */
export interface TaggedNote {
  readonly tags: readonly string[] | null;
  readonly content: string;
  readonly expanded_content: string | null;
  readonly checklist_items: readonly { readonly text: string }[] | null;
}

/** Every tag of a note: its own, then those its text names, each once (pure). */
export function noteTags(note: TaggedNote): string[] {
  const all = new Set(note.tags ?? []);
  for (const tag of inlineTags(note.content)) all.add(tag);
  for (const tag of inlineTags(note.expanded_content)) all.add(tag);
  for (const item of note.checklist_items ?? []) for (const tag of inlineTags(item.text)) all.add(tag);
  return [...all];
}

/** `work/launch/q3` → ['work', 'work/launch', 'work/launch/q3']: a filter by a tag finds the ones inside it. */
export function tagAncestry(tag: string): string[] {
  const names = tag.split('/');
  return names.map((_, i) => names.slice(0, i + 1).join('/'));
}

/** Whether `tag` is `filter` or inside it. */
export function tagWithin(tag: string, filter: string): boolean {
  return tag === filter || tag.startsWith(`${filter}/`);
}

/**
 * `tag` renamed: `from` and every tag inside it take `to` in its place; null for a deleted tag (to null);
 * the tag itself when it is not within `from` (pure).
 */
export function renamedTag(tag: string, from: string, to: string | null): string | null {
  if (!tagWithin(tag, from)) return tag;
  return to === null ? null : to + tag.slice(from.length);
}

/**
 * A text with its `#tags` renamed (or, for a deletion, written as plain words: the `#` goes, the word
 * stays, so nothing the user wrote is lost). Case-insensitive, as tags are; code is left alone (pure).
 */
export function renameInlineTags(text: string, from: string, to: string | null): string {
  if (!text.includes('#')) return text;
  const code: [number, number][] = [];
  for (const re of [FENCED, CODE_SPAN]) for (const m of text.matchAll(re)) code.push([m.index, m.index + m[0].length]);
  const inCode = (at: number) => code.some(([start, end]) => at >= start && at < end);
  return text.replace(INLINE_TAG, (whole, lead: string, name: string, offset: number) => {
    if (inCode(offset + lead.length) || DIGITS_ONLY.test(name)) return whole;
    const tag = normalizeTag(name);
    if (!tag || !tagWithin(tag, from)) return whole;
    const renamed = renamedTag(tag, from, to);
    return renamed === null ? `${lead}${name}` : `${lead}#${renamed}`;
  });
}
