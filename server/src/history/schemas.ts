// The path parameters of the history endpoints: a note's id and a version's id.
import { z } from 'zod';

const noteId = z.uuid({ error: 'note id must be a UUID' }).transform((id) => id.toLowerCase());
// bigserial ids, sent as decimal strings (JSON numbers lose precision past 2^53).
const versionId = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'version id must be a positive integer' });

export const noteParamsSchema = z.object({ id: noteId });
export const versionParamsSchema = z.object({ id: noteId, versionId });
