// A note's content against the spec's rules and core/note.ts's limits, as every local write checks it [S1].
// Its own module so that zod loads with the first write, not with the notes (notes-repository.ts).
import { noteContentSchema } from '#core/note';
import { pickContent, type NoteContent } from '#core/sync-rules';
import { NOTE_ERRORS } from './messages';
import { NoteValidationError } from './note-validation-error';

/** The content as stored, or NoteValidationError naming the first broken rule. */
export function validContent(content: NoteContent): NoteContent {
  if (content.title.trim() === '') throw new NoteValidationError(NOTE_ERRORS.titleRequired);
  const parsed = noteContentSchema.safeParse(pickContent(content));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new NoteValidationError(
      issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'The note is not valid',
    );
  }
  return parsed.data;
}
