// The user's recent activity for the chat prompt (spec section 7), from what the server stores: the
// titles and edit times of their most recently updated notes. Pure; a few lines of text, or ''.

export interface RecentNote {
  title: string | null;
  /** As PostgreSQL's json_build_object writes a timestamptz (or an ISO string). */
  updatedAt: string | null;
}

const MAX_TITLE = 120;

function day(value: string | null): string {
  const time = value ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : 'an unknown date';
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

function cleanTitle(title: string | null): string {
  const text = (title ?? '').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return text === '' ? '(untitled)' : text.slice(0, MAX_TITLE);
}

export function summariseRecentNotes(notes: readonly RecentNote[]): string {
  if (notes.length === 0) return '';
  return [
    'Most recently updated notes:',
    ...notes.map((n) => `- ${cleanTitle(n.title)} (updated ${day(n.updatedAt)})`),
  ].join('\n');
}
