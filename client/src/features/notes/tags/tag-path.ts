// Where a tag's notes are listed: the Dashboard or Checklists with `?tag=` (issue 33), so Back and a
// reload keep the filter. Slashes stay readable in the URL (`?tag=work/launch`).
import { useSearchParams } from 'react-router';
import { normalizeTag } from '#core/tags';

export type TagListPath = '/' | '/checklists';

/** The URL of a list filtered by `tag`. */
export function tagPath(tag: string, list: TagListPath = '/'): string {
  return `${list}?tag=${encodeURIComponent(tag).replaceAll('%2F', '/')}`;
}

/** The tag a list is filtered by, from the URL; null when none (or what is there is no tag). */
export function useTagFilter(): string | null {
  const [params] = useSearchParams();
  const raw = params.get('tag');
  return raw ? normalizeTag(raw) : null;
}
