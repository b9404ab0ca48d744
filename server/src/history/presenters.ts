// How versions look on the wire (docs/api.md, "History"): camelCase, times as ISO strings, and the device
// that wrote each one named as people say it ("Chrome on Linux"), read from the session's user agent.
import Bowser from 'bowser';

export interface VersionMeta {
  id: string;
  /** When the server kept it (just before the change that replaced it). */
  keptAt: string;
  /** When this content was written on its device. */
  writtenAt: string;
  /** Why it was kept: the change that replaced it (migration 013). */
  reason: string;
  /** The browser and system that wrote it, if known. */
  device: string | null;
  title: string;
  bytes: number;
}

export interface VersionRow {
  id: string | number | bigint;
  kept_at: Date | string;
  written_at: Date | string;
  reason: string;
  user_agent: string | null;
  title: string | null;
  bytes: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** "Chrome on Linux", "Safari on iOS"; null when the user agent says too little. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || null;
}

export function presentVersion(row: VersionRow): VersionMeta {
  return {
    id: String(row.id),
    keptAt: iso(row.kept_at),
    writtenAt: iso(row.written_at),
    reason: row.reason,
    device: deviceName(row.user_agent),
    title: row.title ?? '',
    bytes: row.bytes,
  };
}
