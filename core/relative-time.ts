// 'Updated 3 days ago' on note and checklist cards (spec section 2), blank on a bad date.
import { formatDistance, isValid, parseISO } from 'date-fns';

/** A strict ISO-8601 reading; null for anything else, so loose strings like '1' are not taken for dates. */
export function parseTimestamp(iso: string | null | undefined): Date | null {
  if (typeof iso !== 'string' || iso.trim() === '') return null;
  const date = parseISO(iso.trim());
  return isValid(date) ? date : null;
}

/** '3 days ago' style text for an ISO timestamp relative to `now`; '' when the date is missing or bad. */
export function formatUpdated(iso: string | null | undefined, now: Date = new Date()): string {
  const date = parseTimestamp(iso);
  if (!date || !isValid(now)) return '';
  // Edits stamped by a device whose clock runs ahead would read 'in 2 minutes'; show them as just now.
  const shown = date.getTime() > now.getTime() ? now : date;
  return formatDistance(shown, now, { addSuffix: true });
}
