// How the panel compares a version with the note now: as lines, the differing ones marked. The notes
// feature gives the comparison (its conflict view's labelled lines and line diff), since a feature reaches
// another only through its face.
import type { NoteContent } from '#core/note-fields';
import type { DiffColumnLine } from '../../components/diff-column';

/** What a version and the note are compared by: the title, the text, the expanded plan and the items. */
export type ComparedNote = Pick<
  NoteContent,
  'title' | 'content' | 'expanded_content' | 'is_checklist' | 'checklist_items'
>;

/** A line of one side, marked when the other side lacks it (the shared column draws it). */
export type MarkedLine = DiffColumnLine;

export interface Comparison {
  /** The version's lines. */
  left: readonly MarkedLine[];
  /** The note's lines as it is now. */
  right: readonly MarkedLine[];
  /** True when both read the same. */
  same: boolean;
}

export type CompareNotes = (version: ComparedNote, current: ComparedNote) => Comparison;
