// 'Add to calendar' on one dated step (issue 35): the step as a one-event .ics file (core/icalendar.ts),
// downloaded for the device's calendar app to open. Works offline: nothing is asked of the server.
import { singleEventCalendar, type StepNote } from '#core/icalendar';
import type { ChecklistItem } from '#core/note-fields';
import { deviceTimeZone } from './time-zone';

/** `sprout-call-the-venue.ics`: the step's words, as a file name any system accepts. */
export function icsFileName(item: Pick<ChecklistItem, 'text'>): string {
  const words = item.text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return `sprout-${words || 'step'}.ics`;
}

/**
 * Downloads the item as an event linking to its note; false (and nothing downloaded) when the item has
 * no usable date.
 */
export function downloadIcs(item: ChecklistItem, note: StepNote, origin = window.location.origin): boolean {
  // A repeating timed step keeps its time of day in the device's zone, as the app moves it.
  const text = singleEventCalendar({ note, item }, { origin, now: new Date(), timeZone: deviceTimeZone() });
  if (text === null) return false;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = icsFileName(item);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return true;
}
