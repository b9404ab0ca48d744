// What the history endpoints share (docs/api.md, "History"): the request with the user's token, the two
// failures a screen tells apart (no connection; the server's refusal, with its message), a version's
// metadata read leniently, and the query keys.
import type { HistoryReason } from '#core/history';
import { authorizedFetch } from '../../../lib/authorized-fetch';

/** One kept version of a note, as the list and a version's answer describe it. */
export interface Version {
  id: string;
  /** When the server kept it: just before the change that replaced it. */
  keptAt: string;
  /** When this content was written, on the device that wrote it. */
  writtenAt: string;
  /** Why it was kept; null for a reason this build does not know. */
  reason: HistoryReason | null;
  /** The device that wrote this content ("Chrome on Linux"), if the server knows. */
  device: string | null;
  title: string;
  bytes: number;
}

/** The request never reached the server: the device is offline or the server cannot be reached. */
export class HistoryOfflineError extends Error {
  override readonly name = 'HistoryOfflineError';
  constructor(options?: { cause?: unknown }) {
    super('History needs a connection.', options);
  }
}

/** The server refused the request; `message` is its own, for the user. */
export class HistoryApiError extends Error {
  override readonly name = 'HistoryApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

export const historyKeys = {
  all: (noteId: string) => ['history', noteId] as const,
  list: (noteId: string) => ['history', noteId, 'list'] as const,
  version: (noteId: string, versionId: string) => ['history', noteId, 'version', versionId] as const,
};

/** `/api/notes/:id/history` and what follows it (`''`, `'/<version id>'`, ...). */
export function historyPath(noteId: string, rest = ''): string {
  return `/api/notes/${encodeURIComponent(noteId)}/history${rest}`;
}

/** Sends a history request; resolves with a 2xx answer, else throws HistoryOfflineError or HistoryApiError. */
export async function historyRequest(path: string, init: RequestInit = {}): Promise<Response> {
  // A browser that knows it is offline is not asked to try (Chromium logs each refused request).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new HistoryOfflineError();
  let response: Response;
  try {
    response = await authorizedFetch(path, { cache: 'no-store', ...init });
  } catch (error) {
    // fetch() rejects only when no answer came: no network, or the server is down.
    throw new HistoryOfflineError({ cause: error });
  }
  if (!response.ok) throw await historyError(response);
  return response;
}

/** The server's `{ error, message }` as a HistoryApiError; a plain one by status when the body says nothing. */
export async function historyError(response: Response): Promise<HistoryApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page): the status says it below.
  }
  const record = isRecord(body) ? body : {};
  const code = typeof record.error === 'string' ? record.error : null;
  const message =
    typeof record.message === 'string' && record.message.trim() !== ''
      ? record.message
      : `History is not available right now (error ${response.status}). Please try again.`;
  return new HistoryApiError(message, response.status, code);
}

const REASONS = new Set<string>(['device', 'interval', 'trash', 'restore', 'ai', 'conflict', 'version']);

/** A version's metadata from an answer; null when it lacks what the panel needs (its id and times). */
export function readVersion(raw: unknown): Version | null {
  if (!isRecord(raw)) return null;
  const { id, keptAt, writtenAt, reason, device, title, bytes } = raw;
  if (typeof id !== 'string' || id === '' || typeof keptAt !== 'string') return null;
  return {
    id,
    keptAt,
    writtenAt: typeof writtenAt === 'string' ? writtenAt : keptAt,
    reason: typeof reason === 'string' && REASONS.has(reason) ? (reason as HistoryReason) : null,
    device: typeof device === 'string' && device.trim() !== '' ? device : null,
    title: typeof title === 'string' ? title : '',
    bytes: typeof bytes === 'number' ? bytes : 0,
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
