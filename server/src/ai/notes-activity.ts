// A short, bounded summary of the client's notes_activity record (spec section 3: per note id, a
// timestamp per action type and a lastAction {type, timestamp}) for the chat prompt. Pure and lenient:
// whatever shape arrives, the result is a few lines of plain text, or '' when there is nothing usable.

const MAX_NOTES = 1_000;
const MAX_TYPES = 10;
const MAX_TEXT = 2_000;

interface TypeStats {
  notes: number;
  latest: number;
}

function toTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = /^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function actionName(value: string): string | null {
  // Action types are client-chosen keys; anything unusual is left out rather than echoed into a prompt.
  const name = value.trim();
  return /^[a-z][a-z0-9 _-]{0,29}$/i.test(name) ? name : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function iso(time: number): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? 'an unknown time' : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function summariseNotesActivity(activity: unknown): string {
  if (typeof activity === 'string') {
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    return activity.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim().slice(0, MAX_TEXT);
  }
  if (!isRecord(activity)) return '';
  const stats = new Map<string, TypeStats>();
  let notes = 0;
  let last: { type: string; time: number } | null = null;
  for (const entry of Object.values(activity).slice(0, MAX_NOTES)) {
    if (!isRecord(entry)) continue;
    let counted = false;
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'lastAction') continue;
      const type = actionName(key);
      const time = toTime(value);
      if (!type || time === null) continue;
      counted = true;
      const s = stats.get(type) ?? { notes: 0, latest: -Infinity };
      s.notes += 1;
      s.latest = Math.max(s.latest, time);
      stats.set(type, s);
    }
    const lastAction = entry.lastAction;
    if (isRecord(lastAction) && typeof lastAction.type === 'string') {
      const type = actionName(lastAction.type);
      const time = toTime(lastAction.timestamp);
      if (type && time !== null && (!last || time > last.time)) last = { type, time };
      if (type && time !== null) counted = true;
    }
    if (counted) notes += 1;
  }
  if (notes === 0) return '';
  const lines = [`Activity recorded on ${notes} note${notes === 1 ? '' : 's'}.`];
  const byUse = [...stats.entries()].sort((a, b) => b[1].notes - a[1].notes).slice(0, MAX_TYPES);
  if (byUse.length > 0) {
    lines.push(
      `Actions: ${byUse.map(([type, s]) => `${type} on ${s.notes} note${s.notes === 1 ? '' : 's'} (latest ${iso(s.latest)})`).join('; ')}.`,
    );
  }
  if (last) lines.push(`Most recent action: ${last.type} at ${iso(last.time)}.`);
  return lines.join('\n');
}
