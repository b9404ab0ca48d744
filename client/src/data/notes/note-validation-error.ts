/** A rule of section 5 or a limit of core/note.ts was broken; nothing was written. */
export class NoteValidationError extends Error {
  override readonly name = 'NoteValidationError';
}
