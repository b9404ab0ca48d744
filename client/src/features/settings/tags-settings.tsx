// Settings > Editor > Tags (issue 33): every tag of the listed notes with how many notes hold it, nested
// tags under the tag they lie inside, and per tag a rename or a deletion across all the user's notes as
// one action (archived ones and those in the Trash too), told by a toast.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Pencil, Tags, Trash2 } from 'lucide-react';
import { normalizeTag } from '#core/tags';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import {
  notifyWrite,
  NoteValidationError,
  TAG_NAME_INVALID,
  useNotesActions,
  useTagCounts,
  type TagRenameResult,
  type ToastMessage,
} from '../../data/notes';
import { formatCount } from '../../lib/format-count';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { toast } from '../../lib/toast';
import { SettingsCard } from './settings-section';
import { tagRows } from '../notes';

const notes = (count: number) => `${formatCount(count)} ${count === 1 ? 'note' : 'notes'}`;

export const TAG_SETTINGS_MESSAGES = {
  renamed: (from: string, to: string, count: number): ToastMessage => ({
    title: 'Tag renamed',
    description: `Renamed #${from} to #${to} in ${notes(count)}.`,
  }),
  deleted: (tag: string, count: number): ToastMessage => ({
    title: 'Tag deleted',
    description: `Deleted #${tag} from ${notes(count)}.`,
  }),
  failed: { title: 'Error', description: 'The tag could not be changed. Please try again.', variant: 'destructive' },
} satisfies Record<string, ToastMessage | ((...args: never[]) => ToastMessage)>;

/** The question on screen; it stays while its dialog closes. */
type Question = { kind: 'rename' | 'delete'; tag: string };

export function TagsSettings() {
  useFocusedByAddress('tags');
  const counts = useTagCounts();
  const { renameTag } = useNotesActions();
  const [question, setQuestion] = useState<Question | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // The button that asked: focus goes back to it, or to the heading once its tag is gone.
  const asker = useRef<HTMLElement | null>(null);

  const ask = (next: Question) => {
    asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setQuestion(next);
    setOpen(true);
  };
  const close = () => {
    if (!busy) setOpen(false);
  };
  const focusBack = (event: Event) => {
    event.preventDefault();
    const heading = document.getElementById('tags');
    if (asker.current?.isConnected) asker.current.focus();
    else if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  };

  /** Runs the rename (or deletion) and tells how it went; a refusal of the name is thrown to the caller. */
  const change = async (from: string, to: string | null): Promise<void> => {
    setBusy(true);
    let result: TagRenameResult;
    try {
      result = await renameTag(from, to);
    } catch (error) {
      if (error instanceof NoteValidationError && to !== null) throw error;
      console.warn('Changing a tag failed:', error);
      toast(TAG_SETTINGS_MESSAGES.failed);
      setOpen(false);
      return;
    } finally {
      setBusy(false);
    }
    setOpen(false);
    const saved =
      to === null
        ? TAG_SETTINGS_MESSAGES.deleted(from, result.count)
        : TAG_SETTINGS_MESSAGES.renamed(from, to, result.count);
    void notifyWrite('update', result.cloud, { saved, offline: 'quiet' });
  };

  const rows = counts ? tagRows(counts) : [];
  return (
    <SettingsCard
      icon={Tags}
      title="Tags"
      titleId="tags"
      description="Rename or delete a tag in every note at once, archived notes and those in the Trash too."
      className="mt-6"
    >
      {counts === undefined ? null : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tags yet. Add tags to a note, or write #tag in its text.</p>
      ) : (
        <ul aria-labelledby="tags" className="-my-1 divide-y">
          {rows.map(({ tag, depth, count }) => (
            <li key={tag} className="flex items-center gap-3 py-1" style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
              <span className="min-w-0 flex-1 truncate text-sm font-medium">#{tag}</span>
              <span className="shrink-0 text-sm text-muted-foreground">{notes(count)}</span>
              <span className="flex shrink-0">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Rename tag ${tag}`}
                  aria-haspopup="dialog"
                  onClick={() => ask({ kind: 'rename', tag })}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost-destructive"
                  size="icon-sm"
                  aria-label={`Delete tag ${tag}`}
                  aria-haspopup="dialog"
                  {...preloadOnIntent(preloadConfirmDialog)}
                  onClick={() => ask({ kind: 'delete', tag })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <RenameTagDialog
        tag={question?.kind === 'rename' ? question.tag : null}
        open={open && question?.kind === 'rename'}
        busy={busy}
        onCancel={close}
        onRename={change}
        onCloseAutoFocus={focusBack}
      />
      <ConfirmDialog
        open={open && question?.kind === 'delete'}
        title={`Delete #${question?.tag ?? ''}?`}
        description={
          <>
            #{question?.tag} and the tags inside it are taken off every note, archived notes and those in the Trash too.
            Where a note’s text writes the tag, the # is taken off and the words stay.
          </>
        }
        cancelLabel="Cancel"
        confirmLabel="Delete tag"
        busy={busy}
        onCancel={close}
        onConfirm={() => {
          if (question) void change(question.tag, null);
        }}
        onCloseAutoFocus={focusBack}
      />
    </SettingsCard>
  );
}

function RenameTagDialog({
  tag,
  open,
  busy,
  onCancel,
  onRename,
  onCloseAutoFocus,
}: {
  tag: string | null;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onRename: (from: string, to: string) => Promise<void>;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const inputId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts from the tag's own name.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (open && tag !== null && openedFor !== tag) {
    setOpenedFor(tag);
    setName(tag);
    setError(null);
  }
  if (!open && openedFor !== null) setOpenedFor(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || tag === null) return;
    const to = normalizeTag(name);
    if (to === null) return setError(TAG_NAME_INVALID);
    if (to === tag) return onCancel();
    try {
      await onRename(tag, to);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent placement="top-1/2 -translate-y-1/2 p-6 sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Rename #{tag}</DialogTitle>
            <DialogDescription>
              Every note with #{tag} or a tag inside it takes the new name, in its tags and in its text. A name that is
              already a tag joins the two.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>New name</Label>
            <Input
              id={inputId}
              value={name}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              onFocus={(event) => event.currentTarget.select()}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
            {error && (
              <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Rename
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Opened by its address (`#tags`, the palette's 'Manage tags'): the card is brought into view, its heading focused. */
function useFocusedByAddress(id: string): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${id}`) return;
    const heading = document.getElementById(id);
    if (!heading) return;
    heading.tabIndex = -1;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [hash, id]);
}
