// GET /api/notes/:id/history/:versionId: one version with the note's content as it held it. A version
// never changes, so each is read once per page.
import { useQuery } from '@tanstack/react-query';
import { readContent } from '#core/note-lenient';
import type { NoteContent } from '#core/note-fields';
import { historyKeys, historyPath, historyRequest, isRecord, readVersion, type Version } from './history-request';

export interface VersionDetail {
  version: Version;
  content: NoteContent;
}

/** Reads a version's answer: its content leniently, as the device reads stored notes; null when unusable. */
export function readVersionDetail(body: unknown): VersionDetail | null {
  if (!isRecord(body)) return null;
  const version = readVersion(body.version);
  if (!version) return null;
  const raw = isRecord(body.content) ? body.content : {};
  // Item ids the stored content lacks are derived from the version, so each read gives the same ones.
  let n = 0;
  const content = readContent(raw, { makeId: () => `${version.id}-item-${n++}`, bounded: true });
  return { version, content };
}

export async function getVersion(noteId: string, versionId: string): Promise<VersionDetail> {
  const response = await historyRequest(historyPath(noteId, `/${encodeURIComponent(versionId)}`));
  const detail = readVersionDetail(await response.json());
  if (!detail) throw new Error(`GET ${historyPath(noteId)}/${versionId} answered without a version`);
  return detail;
}

/** The version `versionId` of the note, or nothing while none is chosen. */
export function useVersion(noteId: string, versionId: string | null) {
  return useQuery({
    queryKey: historyKeys.version(noteId, versionId ?? ''),
    queryFn: () => getVersion(noteId, versionId!),
    enabled: versionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
