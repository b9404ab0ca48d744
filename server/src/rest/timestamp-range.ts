// Which instants both sides can represent. PostgreSQL stores years 4713 BC to 294276 AD, but the client
// reads timestamps as ISO-8601 with a four-digit year (core/note.ts): a row stored at year 10000 comes
// back as `+010000-...`, which the client refuses, so that note would never show on any device. Writes are
// therefore limited to 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59Z, taken in UTC after the zone offset.

const ISO_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|([+-])(\d{2}):?(\d{2})?)?$/i;

export const EARLIEST_INSTANT_MS = new Date('0001-01-01T00:00:00Z').getTime();
export const LATEST_INSTANT_MS = new Date('9999-12-31T23:59:59Z').getTime();

/**
 * The UTC instant of an ISO-8601 timestamp as PostgreSQL reads it in a UTC session (no zone means UTC),
 * in milliseconds, fractions cut to the millisecond; null when it does not parse.
 */
export function utcMillis(text: string): number | null {
  const m = ISO_PARTS.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone, sign, zh = '0', zm = '0'] = m;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  const offsetMinutes =
    zone && zone.toUpperCase() !== 'Z' ? (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) : 0;
  return date.getTime() - offsetMinutes * 60_000;
}

/** Whether a timestamp's instant lies where both PostgreSQL and the client's ISO-8601 reading agree. */
export function isRepresentableTimestamp(text: string): boolean {
  const ms = utcMillis(text);
  return ms !== null && ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS;
}
