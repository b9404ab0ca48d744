// A conflict copy's page (issue 12, point 5; docs/sync.md [S23]): what happened in plain words, a link
// to the note it conflicts with, the two versions side by side with the differing lines marked, and
// Keep this version / Keep the other / Keep both. Resolving is an ordinary local write that syncs.
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GitCompare } from 'lucide-react';
import { withoutConflictMark } from '#core/conflict-resolution';
import { DiffColumn } from '../../../components/diff-column';
import { Button } from '../../../components/ui/button';
import {
  type ConflictChoice,
  type NoteView,
  notifyWrite,
  useConflictOriginal,
  useNotesActions,
} from '../../../data/notes';
import { showToast } from '../note-actions';
import { noteTitle } from '../note-text';
import { CONFLICT_MESSAGES } from './conflict-messages';
import { conflictText } from './conflict-text';
import { sideBySide } from './line-diff';

export function ConflictPanel({ copy }: { copy: NoteView }) {
  const original = useConflictOriginal(copy);
  const { resolveConflict } = useNotesActions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const diff = useMemo(
    () => (original ? sideBySide(conflictText(copy), conflictText(original)) : null),
    [copy, original],
  );
  const otherTitle = original ? noteTitle(original) : withoutConflictMark(copy.title) || 'Untitled';

  const resolve = async (choice: ConflictChoice) => {
    setBusy(true);
    // Keeping one version leaves the other note's page: go there first, so this page (whose note is
    // about to go) is left before the write lands. The navigation may commit after the write (React
    // renders it in a transition); useNote keeps the deleted copy's "gone" from reaching that page.
    const leave = choice !== 'keep-both' && original ? original.id : null;
    try {
      if (leave) await navigate(`/note/${leave}`, { replace: true });
      const result = await resolveConflict(copy, original ?? null, choice);
      if (result.status === 'changed') {
        showToast(CONFLICT_MESSAGES.changed);
        if (leave) await navigate(`/note/${copy.id}`, { replace: true });
        return;
      }
      showToast(result.status === 'gone' ? CONFLICT_MESSAGES.gone : CONFLICT_MESSAGES[choice]);
      void notifyWrite('update', result.cloud, { offline: 'quiet' });
    } catch (error) {
      console.error('Error resolving a conflict:', error);
      showToast(CONFLICT_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  if (original === undefined) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 grid gap-4 rounded-2xl border border-amber-600/40 bg-amber-500/5 p-4 sm:p-6 dark:border-amber-400/40"
    >
      <div className="flex gap-3">
        <GitCompare aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
        <div className="grid gap-1.5 text-sm leading-relaxed">
          <h2 id={headingId} className="text-base font-semibold">
            Two versions of this note
          </h2>
          {original ? (
            <p>
              This note was changed in two places (another device or another tab) before they synced, so Sprout kept
              both versions instead of losing one. This copy holds one version; the other is still in{' '}
              <Link to={`/note/${original.id}`} className="font-medium text-primary underline underline-offset-4">
                {otherTitle}
              </Link>
              . Compare them and choose what to keep.
            </p>
          ) : (
            <p>
              This note was changed in two places before they synced, so Sprout kept this version as a copy. The note it
              was copied from, ‘{otherTitle}’, is no longer on this device: keep this version as a note of its own, or
              delete it.
            </p>
          )}
        </div>
      </div>

      {original && diff && (
        <div className="grid gap-3 md:grid-cols-2">
          <DiffColumn heading="This version" lines={diff.left} level={3} truncate />
          <DiffColumn heading={`The other version: ${otherTitle}`} lines={diff.right} level={3} truncate />
          {diff.same && (
            <p className="text-sm text-muted-foreground md:col-span-2">The two versions have the same text.</p>
          )}
        </div>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button disabled={busy} onClick={() => void resolve('keep-this')}>
          Keep this version
        </Button>
        {original ? (
          <>
            <Button variant="outline" disabled={busy} onClick={() => void resolve('keep-other')}>
              Keep the other
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => void resolve('keep-both')}>
              Keep both
            </Button>
          </>
        ) : (
          <Button variant="outline" disabled={busy} onClick={() => void resolve('keep-other')}>
            Delete this copy
          </Button>
        )}
      </div>
      {original && (
        <p className="text-xs leading-relaxed text-muted-foreground">
          Keep this version puts this text into ‘{otherTitle}’ and deletes the copy. Keep the other deletes the copy.
          Keep both keeps two separate notes.
        </p>
      )}
    </section>
  );
}
