// The Edit Note form: title, the Original / Expanded / Chat tabs, History (issue 32), Delete, Cancel and
// Save Changes, with the spec's save rules and toasts, auto-save every N seconds (Settings > Editor) and a
// warning before leaving with unsaved changes.
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Check, LoaderCircle, Sparkles, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Tabs, TabsContent } from '../../components/ui/tabs';
import {
  NOTE_MESSAGES,
  notifyWrite,
  type NoteView,
  useLinkSuggester,
  useNotesActions,
  writeKindOf,
} from '../../data/notes';
import { forgetNoteActivity } from '../../lib/device-storage';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { readAutoSaveSeconds } from './auto-save-setting';
import { beforeSessionEnds } from '../../lib/session-keepers';
import { ActionStepsEditor } from './action-steps-editor';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { conflictText } from './conflict/conflict-text';
import { sideBySide } from './conflict/line-diff';
import { HistoryButton, type CompareNotes } from '../history';
import {
  canSave,
  editFormReducer,
  editLayout,
  initEditForm,
  isDirty,
  planBody,
  savePatch,
  stepsApart,
  type EditFormValues,
  type EditLayout,
} from './edit-form';
import { LeaveDialog } from './leave-dialog';
import { DELETE_KEPT_MESSAGE, SAVED_AS_COPY_MESSAGE, showToast, tellDeleted } from './note-actions';
import { noteTitle } from './note-text';
import { TagsInput } from './tags/tags-input';
import { LazyMarkdownEditor } from './editor/lazy-markdown-editor';
import { noteTags } from '#core/tags';
import { readEditEntry } from './edit-entry';
import { peekCaptureKeys, takeCaptureKeys, type CapturedKeys } from './quick-capture/capture-keys';
import { settleOpenCapture } from './quick-capture/open-captures';
import { ExpandedEditor } from './expanded-editor';
import { NoteChecklistEditor } from './note-checklist-editor';
import { NoteChatTab } from './note-chat-tab';
import { NoteTabsList } from './note-tabs-list';
import { SaveIndicator } from './save-indicator';
import { useLeaveGuard } from './use-leave-guard';

/**
 * 'manual': Save Changes (toasts, then back to the list); 'keep': Ctrl/Cmd+S, saved in place with the
 * indicator, as an editor's save is; 'auto': the interval's, quiet unless the note became a copy.
 */
type SaveMode = 'manual' | 'keep' | 'auto';

// The History panel compares a version with the note as the conflict view compares two versions.
const compareWithNote: CompareNotes = (version, current) => sideBySide(conflictText(version), conflictText(current));

function sameVersion(a: NoteView, b: NoteView): boolean {
  return (
    a.id === b.id && a.version.mutationId === b.version.mutationId && a.version.baseRevision === b.version.baseRevision
  );
}

/** Ctrl+S, or Cmd+S on a Mac, alone. */
const isSaveKey = (event: Pick<globalThis.KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'key'>) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';

export function EditNoteForm({ initialNote, liveNote }: { initialNote: NoteView; liveNote: NoteView | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(editFormReducer, initialNote, (note) => initEditForm(note));
  // The version the form's content derives from: passed back with every write [S20].
  const [basis, setBasis] = useState(initialNote);
  // What `[[` offers in the editors (issue 33): the user's other notes.
  const links = useLinkSuggester(initialNote.id);
  const [saving, setSaving] = useState(false);
  const [autoSavedAt, setAutoSavedAt] = useState<Date | null>(null);
  // Set while the delete confirmation is open: the version the screen showed when Delete was pressed.
  // The deletion is judged on it [S20], and nothing reloads the form meanwhile, so a change pulled
  // while the user reads the dialog is one they never saw, and survives their deletion [S8].
  const [deleteBasis, setDeleteBasis] = useState<NoteView | null>(null);
  const [autoSaveSeconds] = useState(() => readAutoSaveSeconds());
  const { updateNote, deleteNote, restoreNote, discardUntouched } = useNotesActions();
  const dirty = isDirty(state);
  const { blocker, allowNextNavigation } = useLeaveGuard(dirty);
  const { values } = state;
  // The plan's steps are a checklist: the Expanded tab edits its prose alone (issue 33).
  const apart = stepsApart(values);
  const ids = { title: useId(), originalLabel: useId(), expanded: useId() };
  // The `#tags` the text names, shown beside the chips: read from the text as it was a moment ago, so a
  // key typed in a long note does not wait for the whole text to be read again.
  const typed = useDeferredValue(values);
  const textTags = useMemo(
    () =>
      noteTags({
        tags: null,
        content: typed.content,
        expanded_content: typed.expanded,
        checklist_items: typed.items,
      }),
    [typed.content, typed.expanded, typed.items],
  );
  // A quick note opens with its title selected, so typing names it (issue 12); what was typed before
  // the title was there names it too (issue 33).
  const [entry] = useState(() => readEditEntry(location.state));
  // A plain note is edited as a note, not as the assistant's idea and plan, until the user asks for the
  // plan's tabs or the note gains a plan or a chat (issue 33).
  const [layout, setLayout] = useState<EditLayout>(() =>
    entry.tab === 'expanded' || entry.tab === 'chat' ? 'assistant' : editLayout(initialNote),
  );
  const [firstTab, setFirstTab] = useState(entry.tab ?? 'original');
  const titleRef = useRef<HTMLInputElement>(null);
  // After a Tab typed ahead, the cursor goes to the end of the note's text instead. Read at the first
  // render, so the editor takes focus as it is made; the keys are taken (no longer held) below, once the
  // title is there to take the next ones.
  const [focusText] = useState(() => entry.focus === 'title' && peekCaptureKeys().text !== null);
  const typedAhead = useRef<CapturedKeys | null>(null);
  useEffect(() => {
    if (entry.focus !== 'title') return;
    // Taken once: React's development remount runs this effect twice.
    const typed = (typedAhead.current ??= takeCaptureKeys());
    if (typed.title) dispatch({ type: 'title', value: typed.title });
    if (typed.text !== null) dispatch({ type: 'content', value: initialNote.content + typed.text });
    const title = titleRef.current;
    if (focusText) {
      // The text editor takes focus as it is made, maybe in a later commit: until then no key may press the
      // button that made the note.
      const active = document.activeElement;
      if (active instanceof HTMLElement && !title?.form?.contains(active)) active.blur();
      return;
    }
    if (!title) return;
    // The field shows the keys at once: one typed before the next render lands after them, not in the old title.
    if (typed.title) title.value = typed.title;
    title.focus();
    if (typed.title) title.setSelectionRange(typed.title.length, typed.title.length);
    else title.select();
  }, [entry.focus, initialNote.content, focusText]);

  // A quick note left without a save was never written into: it is not kept (issue 33). The discard is
  // deferred a tick, as React's development remount runs the cleanup and the effect again at once. Kept or
  // removed, the capture is settled; a page that ends first leaves it to a later start (open-captures.ts).
  const savedRef = useRef(false);
  const discardRef = useRef(() => discardUntouched(initialNote));
  const pendingDiscard = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!entry.fresh) return;
    if (pendingDiscard.current) clearTimeout(pendingDiscard.current);
    const discard = discardRef.current;
    const settle = () => settleOpenCapture(initialNote.user_id, initialNote.id);
    return () => {
      if (savedRef.current) return settle();
      pendingDiscard.current = setTimeout(() => {
        discard().then(settle, (error: unknown) => console.error('Error discarding an empty note:', error));
      }, 0);
    };
  }, [entry.fresh, initialNote.user_id, initialNote.id]);

  // Another device's or tab's change arrives while nothing is typed here: show it.
  const [lastLive, setLastLive] = useState(liveNote);
  if (liveNote !== lastLive) {
    setLastLive(liveNote);
    if (liveNote && !dirty && !saving && !deleteBasis && !sameVersion(liveNote, basis)) {
      dispatch({ type: 'load', note: liveNote });
      setBasis(liveNote);
      if (editLayout(liveNote) === 'assistant') setLayout('assistant');
    }
  }

  const leave = () => {
    allowNextNavigation();
    void navigate('/');
  };

  const save = async (mode: SaveMode) => {
    if (saving) return;
    const snapshot: EditFormValues = values;
    if (!canSave(snapshot)) {
      if (mode !== 'auto') showToast(NOTE_MESSAGES.titleRequiredOnEdit);
      return;
    }
    setSaving(true);
    try {
      const result = await updateNote(initialNote.id, savePatch(snapshot), { basedOn: basis });
      savedRef.current = true;
      dispatch({ type: 'saved', values: snapshot });
      setBasis(result.note);
      if (mode === 'manual') {
        const kind = writeKindOf(result.note);
        void notifyWrite(kind, result.cloud, {
          saved: result.savedAsCopy ? SAVED_AS_COPY_MESSAGE : NOTE_MESSAGES.editSaved,
          // Offline, a note that has never reached the cloud (a quick note made offline) says it waits on
          // this device, as it did when it was made; a change to a note the cloud has is confirmed by
          // 'Success', and its card and the sidebar say that it waits.
          offline: kind === 'create' && !result.savedAsCopy ? 'tell' : 'quiet',
        });
        leave();
      } else {
        setAutoSavedAt(new Date());
        if (result.savedAsCopy) {
          // From now on this screen edits the copy that holds the user's version.
          showToast(SAVED_AS_COPY_MESSAGE);
          allowNextNavigation();
          void navigate(`/edit/${result.note.id}`, { replace: true });
        }
      }
    } catch (error) {
      console.error('Error updating note:', error);
      if (mode !== 'auto') showToast(NOTE_MESSAGES.editSaveFailed);
    } finally {
      setSaving(false);
    }
  };

  // Auto-save a changed form every N seconds (0: off); the interval always calls the latest save.
  const saveRef = useRef(save);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    saveRef.current = save;
    dirtyRef.current = dirty;
  });
  // A session the server ended signs this device out (lib/session-keepers.ts): what is typed here is saved
  // on the device first, and syncs once the user signs in again.
  useEffect(() => beforeSessionEnds(() => (dirtyRef.current ? saveRef.current('auto') : undefined)), []);
  useEffect(() => {
    if (autoSaveSeconds <= 0) return;
    const timer = setInterval(() => {
      if (dirtyRef.current) void saveRef.current('auto');
    }, autoSaveSeconds * 1000);
    return () => clearInterval(timer);
  }, [autoSaveSeconds]);

  const onDelete = async (shown: NoteView) => {
    try {
      const result = await deleteNote(initialNote.id, { basedOn: shown });
      if (result.kept) {
        showToast(DELETE_KEPT_MESSAGE);
        return;
      }
      forgetNoteActivity(initialNote.user_id, initialNote.id);
      tellDeleted({ restoreNote }, result, noteTitle(shown));
      leave();
    } catch (error) {
      console.error('Error deleting note:', error);
      showToast(NOTE_MESSAGES.editDeleteFailed);
    }
  };

  const cancel = () => {
    // Back where the user came from inside the app, else the dashboard; the leave guard still asks.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save('manual');
  };

  // Ctrl/Cmd+S saves where the user is typing, instead of the browser's 'Save page as'; also from anywhere
  // else on this screen (no field focused after a click on the page or a button that went away, a link of
  // the sidebar), but not from a dialog over it.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!isSaveKey(event)) return;
    event.preventDefault();
    void save('keep');
  };
  useEffect(() => {
    const onPageKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || !isSaveKey(event)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      void saveRef.current('keep');
    };
    window.addEventListener('keydown', onPageKey);
    return () => window.removeEventListener('keydown', onPageKey);
  }, []);

  const textEditor = (label: string, placeholder: string) => (
    <>
      <Label id={ids.originalLabel}>{label}</Label>
      <LazyMarkdownEditor
        labelledBy={ids.originalLabel}
        value={values.content}
        placeholder={placeholder}
        onChange={(value) => dispatch({ type: 'content', value })}
        suggestNotes={links.suggest}
        onFocus={links.warm}
        autoFocus={focusText}
      />
    </>
  );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <form onSubmit={onSubmit} onKeyDown={onKeyDown} aria-labelledby="edit-note-heading" noValidate>
        <header className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 id="edit-note-heading" className="text-2xl font-semibold tracking-tight md:text-3xl">
            Edit Note
          </h1>
          <SaveIndicator saving={saving} dirty={dirty} autoSavedAt={autoSavedAt} />
          <div className="ml-auto flex items-center gap-2">
            {/* The stored note, not the form: restoring waits until the form's changes are saved or cancelled. */}
            <HistoryButton note={liveNote ?? basis} compare={compareWithNote} unsavedChanges={dirty} />
            <Button
              type="button"
              variant="outline-destructive"
              className="text-destructive"
              {...preloadOnIntent(preloadConfirmDialog)}
              onClick={() => setDeleteBasis(basis)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        </header>

        <div className="mt-6 grid gap-6 rounded-2xl border bg-card p-4 shadow-xs sm:p-6">
          <div className="grid gap-2">
            <Label htmlFor={ids.title}>Title</Label>
            <Input
              id={ids.title}
              ref={titleRef}
              value={values.title}
              placeholder="Give your note a title"
              aria-invalid={values.title.trim() === '' || undefined}
              onChange={(event) => dispatch({ type: 'title', value: event.target.value })}
              onKeyDown={(event) => {
                // Save is disabled while the title is blank, so Enter would do nothing: say why instead.
                if (event.key === 'Enter' && values.title.trim() === '') {
                  event.preventDefault();
                  showToast(NOTE_MESSAGES.titleRequiredOnEdit);
                }
              }}
              height="h-10"
              textSize="text-base md:text-base"
              className="font-medium"
            />
          </div>

          <TagsInput
            tags={values.tags ?? []}
            textTags={textTags}
            onChange={(tags) => dispatch({ type: 'field', field: 'tags', value: tags })}
          />

          {layout === 'assistant' ? (
            <Tabs defaultValue={firstTab} gap="gap-4">
              <NoteTabsList first={{ value: 'original', label: 'Original' }} />

              <TabsContent value="original" className="grid gap-2">
                {textEditor('Original idea', 'Your idea, in your own words')}
              </TabsContent>

              <TabsContent value="expanded" className="grid gap-6">
                <ExpandedEditor
                  id={ids.expanded}
                  links={links}
                  value={apart ? planBody(values) : values.expanded}
                  onChange={(value) => dispatch(apart ? { type: 'body', value } : { type: 'expanded', value })}
                  stepsApart={apart}
                />
                <ActionStepsEditor values={values} dispatch={dispatch} />
              </TabsContent>

              <TabsContent value="chat">
                <NoteChatTab
                  note={basis}
                  height={400}
                  mode="edit"
                  value={values.chat}
                  onChange={(chat) => dispatch({ type: 'chat', value: chat })}
                />
              </TabsContent>
            </Tabs>
          ) : (
            <>
              <div className="grid gap-2">{textEditor('Note', 'Write your note')}</div>
              <NoteChecklistEditor values={values} dispatch={dispatch} />
              <div className="border-t pt-4">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setFirstTab('expanded');
                    setLayout('assistant');
                  }}
                >
                  <Sparkles aria-hidden="true" className="text-primary" />
                  Add a plan or chat
                </Button>
              </div>
            </>
          )}
        </div>

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || values.title.trim() === ''}>
            {saving ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
            Save Changes
          </Button>
        </div>
      </form>

      <ConfirmDeleteDialog
        open={deleteBasis !== null}
        onOpenChange={(open) => {
          if (open) return;
          setDeleteBasis(null);
          // Cancelled: a change that arrived while the dialog was open shows now, as it would have.
          setLastLive(null);
        }}
        noteTitle={values.title.trim() || undefined}
        onConfirm={() => {
          if (deleteBasis) void onDelete(deleteBasis);
        }}
      />
      <LeaveDialog blocker={blocker} />
    </div>
  );
}
