// What another app shares with Sprout (the manifest's share_target: GET /capture?title=&text=&url=),
// turned into a quick note's title and text. Android's share sheet puts a link in `text` as often as in
// `url`, and some apps repeat the page's title in `text`: each part is kept once.
import { NOTE_LIMITS } from '#core/note-constants';

export interface SharedNote {
  /** Null when only text or a link was shared: the quick note's own title then. */
  title: string | null;
  content: string;
}

const clean = (value: string | null): string => (value ?? '').replace(/\r\n?/g, '\n').trim();

/** The shared parts of `params` as a note; null when nothing was shared (a plain quick note). */
export function sharedNote(params: URLSearchParams): SharedNote | null {
  const title = clean(params.get('title')).replace(/\s+/g, ' ');
  const text = clean(params.get('text'));
  const url = clean(params.get('url'));
  if (!title && !text && !url) return null;
  const parts: string[] = [];
  for (const part of [text, url]) {
    if (part && part !== title && !parts.some((kept) => kept.includes(part))) parts.push(part);
  }
  return {
    title: title.slice(0, NOTE_LIMITS.title) || null,
    content: parts.join('\n\n').slice(0, NOTE_LIMITS.text),
  };
}
