// The Today screen's lists (issue 35), pure: the unticked dated items of the given notes, Overdue first,
// then Today, then the next 7 days; within each, grouped by note, the note with the earliest item first
// (then by title), and each note's items by due (all-day before timed ones, as compareDue orders them).
import type { ChecklistItem } from '#core/note';
import { bucketOf, compareDue, type DueBucket } from '#core/due-dates';
import { addDays, dayInZone } from '#core/zoned-time';
import type { DueRange } from '../../data/notes';

export type TodayBucket = Exclude<DueBucket, 'later'>;

export const SECTION_TITLES: Readonly<Record<TodayBucket, string>> = {
  overdue: 'Overdue',
  today: 'Today',
  next7: 'Next 7 days',
};

const ORDER: readonly TodayBucket[] = ['overdue', 'today', 'next7'];

interface DatedNote {
  id: string;
  title: string;
  checklist_items: readonly ChecklistItem[] | null;
}

export interface TodayGroup<N extends DatedNote> {
  note: N;
  items: ChecklistItem[];
}

export interface TodaySection<N extends DatedNote> {
  bucket: TodayBucket;
  title: string;
  groups: TodayGroup<N>[];
  /** How many items the section lists. */
  count: number;
}

/**
 * The dues the Today screen reads from the device's index: everything up to 7 days ahead. Two more days
 * than that in UTC, since an instant's day in the user's zone may be a day either side of its UTC date;
 * the buckets settle it.
 */
export function todayRange(now: Date, timeZone: string): DueRange {
  return { from: '', before: addDays(dayInZone(now, timeZone), 9) };
}

/** The sections that list something, in order. */
export function todaySections<N extends DatedNote>(
  notes: readonly N[],
  now: Date,
  timeZone: string,
): TodaySection<N>[] {
  const byBucket = new Map<TodayBucket, TodayGroup<N>[]>(ORDER.map((bucket) => [bucket, []]));
  for (const note of notes) {
    const items = new Map<TodayBucket, ChecklistItem[]>();
    for (const item of note.checklist_items ?? []) {
      if (item.completed || !item.due) continue;
      const bucket = bucketOf(item.due, now, timeZone);
      if (!bucket || bucket === 'later') continue;
      items.set(bucket, [...(items.get(bucket) ?? []), item]);
    }
    for (const [bucket, list] of items) {
      byBucket.get(bucket)!.push({ note, items: list.sort((a, b) => compareDue(a.due, b.due, timeZone)) });
    }
  }
  return ORDER.flatMap((bucket) => {
    const groups = byBucket.get(bucket)!;
    if (groups.length === 0) return [];
    // Each group's items are sorted: its first item is its earliest. Notes as early go by title.
    groups.sort(
      (a, b) => compareDue(a.items[0]!.due, b.items[0]!.due, timeZone) || a.note.title.localeCompare(b.note.title),
    );
    const count = groups.reduce((sum, group) => sum + group.items.length, 0);
    return [{ bucket, title: SECTION_TITLES[bucket], groups, count }];
  });
}

/**
 * The sections cut after their first `items` items (each section's count stays the whole): the screen draws
 * a screenful first and the rest a frame later, so a long list does not hold back its first rows. Pure.
 */
export function firstItems<N extends DatedNote>(sections: TodaySection<N>[], items: number): TodaySection<N>[] {
  let left = items;
  const cut: TodaySection<N>[] = [];
  for (const section of sections) {
    if (left <= 0) break;
    const groups: TodayGroup<N>[] = [];
    for (const group of section.groups) {
      if (left <= 0) break;
      groups.push(group.items.length <= left ? group : { ...group, items: group.items.slice(0, left) });
      left -= group.items.length;
    }
    cut.push({ ...section, groups });
  }
  return cut;
}
