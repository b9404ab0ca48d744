// The device's time zone (issue 35): a due day is a day in it, and a time set on an item is stored as the
// instant that time is there. Read each time, not once: a laptop that travels changes zone while open.

/** The IANA zone the browser reports, e.g. 'Europe/London'; 'UTC' when it reports none. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
