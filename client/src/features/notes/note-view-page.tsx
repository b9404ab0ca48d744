// Note view at /view/{id} and /note/{id} (spec section 2): the note's title with Back, History, Edit and
// Delete (History and the Trash: issue 32), the Note / Expanded / Chat tabs, and for checklist notes a
// checklist view whose edits are saved at once.
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Archive, ArrowLeft, EyeOff, ListChecks, NotebookText, Pin, Sparkles, SquarePen, Trash2 } from 'lucide-react';
import type { ChatMessage, ChecklistItem } from '#core/note';
import { appendItem, editItemText, moveItem, removeItem, toggleItem } from '#core/checklist';
import { replaceItem } from '#core/checklist-due';
import { formatUpdated } from '#core/relative-time';
import { Badge } from '../../components/ui/badge';
import { noteTags } from '#core/tags';
import { TagLinks } from './tags/tag-links';
import { LinkedFrom } from './linked-from';
import { RelatedNotes } from './related-notes';
import { NoteLink } from './note-link';
import { Button } from '../../components/ui/button';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { FullPageSpinner } from '../../components/ui/spinner';
import { Tabs, TabsContent } from '../../components/ui/tabs';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { cn } from '../../lib/utils';
import {
  NOTE_MESSAGES,
  notifyWrite,
  type NotesActions,
  type NoteView,
  useNotesActions,
  writeKindOf,
} from '../../data/notes';
import { ChecklistEditor } from '../../components/checklist/checklist-editor';
import { NoteChatTab } from './note-chat-tab';
import { NoteTabsList } from './note-tabs-list';
import { MarkdownContent } from '../../components/markdown/markdown-content';
import { SAVED_AS_COPY_MESSAGE, showToast } from './note-actions';
import { isConflictCopy, noteTitle } from './note-text';
import { ConflictPanel } from './conflict/conflict-panel';
import { conflictText } from './conflict/conflict-text';
import { sideBySide } from './conflict/line-diff';
import { HistoryButton, type CompareNotes } from '../history';
import { ExpandWithAssistant } from './expand-with-assistant';
import {
  backTarget,
  checklistProgress,
  expandedView,
  initialDetailsTab,
  initialViewMode,
  type NoteViewMode,
} from './note-view-logic';
import { SyncStateIndicator } from './sync-state-indicator';
import { useConfirmDelete } from './use-confirm-delete';
import { NoteMenu } from './note-menu';
import { useLoadedNote } from './use-loaded-note';
import { useUserId } from '../../data/auth';

// The History panel compares a version with the note as the conflict view compares two versions.
const compareWithNote: CompareNotes = (version, current) => sideBySide(conflictText(version), conflictText(current));

export function NoteViewPage() {
  const { id } = useParams();
  const userId = useUserId();
  const loaded = useLoadedNote(userId, id);
  const location = useLocation();
  // Gone (deleted here or elsewhere, or never on this device): back to the list the user came from.
  if (loaded.status === 'missing') return <Navigate to={backTarget(location.state)} replace />;
  if (loaded.status === 'loading') return <FullPageSpinner />;
  return <NoteViewContent key={loaded.note.id} note={loaded.note} />;
}

/**
 * Writes a change of the note shown (resolving once it is stored on this device), telling the user only
 * when it could not be kept as it was or did not reach the cloud although online.
 */
async function saveNow(
  updateNote: NotesActions['updateNote'],
  note: NoteView,
  patch: { checklist_items?: ChecklistItem[]; chat_history?: ChatMessage[] | null },
): Promise<void> {
  try {
    const result = await updateNote(note.id, patch, { basedOn: note });
    if (result.savedAsCopy) showToast(SAVED_AS_COPY_MESSAGE);
    void notifyWrite(writeKindOf(result.note), result.cloud, { offline: 'quiet' });
  } catch (error) {
    console.error('Error updating note:', error);
    showToast(NOTE_MESSAGES.editSaveFailed);
  }
}

function NoteViewContent({ note }: { note: NoteView }) {
  const location = useLocation();
  const [mode, setMode] = useState<NoteViewMode>(() => initialViewMode(note, location.state));
  const back = backTarget(location.state);
  const title = noteTitle(note);
  const updated = formatUpdated(note.updated_at);
  const showChecklist = note.is_checklist && mode === 'checklist';
  // Once the note is in the Trash, NoteViewPage takes the user back where they came from.
  const { requestDelete, dialog: deleteDialog } = useConfirmDelete({ onFailure: 'toast' });
  const remove = (
    <Button
      variant="ghost-destructive"
      size="icon"
      aria-label={`Delete ${title}`}
      className="flex-none"
      onClick={() => requestDelete(note)}
      {...preloadOnIntent(preloadConfirmDialog)}
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );

  const toggle = note.is_checklist ? (
    <Button variant="outline" onClick={() => setMode(showChecklist ? 'details' : 'checklist')}>
      {showChecklist ? <NotebookText aria-hidden="true" /> : <ListChecks aria-hidden="true" />}
      {showChecklist ? 'View Details' : 'View Checklist'}
    </Button>
  ) : null;
  const edit = (
    <Button asChild>
      <Link to={`/edit/${note.id}`}>
        <SquarePen aria-hidden="true" />
        Edit
      </Link>
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <header className="flex items-start gap-3">
        <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
          <Link to={back} aria-label={back === '/checklists' ? 'Back to checklists' : 'Back to notes'}>
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words md:text-3xl">{title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
            {updated && (
              <span>
                Updated <time dateTime={note.updated_at}>{updated}</time>
              </span>
            )}
            {note.is_checklist && (
              <Badge variant="success">
                <ListChecks aria-hidden="true" />
                Checklist
              </Badge>
            )}
            {note.pinned_at && (
              <Badge variant="outline">
                <Pin aria-hidden="true" />
                Pinned
              </Badge>
            )}
            {note.archived_at && (
              <Badge variant="outline">
                <Archive aria-hidden="true" />
                Archived
              </Badge>
            )}
            {note.ai_excluded && (
              <Badge variant="outline" className="text-muted-foreground">
                <EyeOff aria-hidden="true" />
                Kept out of the assistant
              </Badge>
            )}
            <SyncStateIndicator note={note} />
          </div>
          <TagLinks tags={noteTags(note)} className="mt-2.5" />
          {/* Expanding sends the note's text to the AI: not for a note kept out of it (issue 34). */}
          {!note.ai_excluded && <ExpandWithAssistant note={note} className="mt-3" />}
        </div>
        {/* Mobile: History and the More menu beside the title, as the action bar below is full (a checklist's has four). */}
        <div className="flex shrink-0 items-center md:hidden">
          <HistoryButton note={note} compare={compareWithNote} look="icon" />
          <NoteMenu note={note} className="-mr-2" />
        </div>
        <div className="hidden shrink-0 items-center gap-2 md:flex">
          {toggle}
          <HistoryButton note={note} compare={compareWithNote} />
          {edit}
          {remove}
          <NoteMenu note={note} />
        </div>
      </header>

      <div className="mt-6">
        {isConflictCopy(note) && <ConflictPanel copy={note} />}
        {showChecklist ? <ChecklistView note={note} /> : <DetailsTabs note={note} />}
        <LinkedFrom noteId={note.id} />
        <RelatedNotes noteId={note.id} />
      </div>

      {/* Mobile: the screen's actions sit at the bottom, within thumb reach, in the tab bar's place (the
          route's ownBottomBar): one bar, not two. */}
      <div aria-hidden="true" className="h-16 md:hidden" />
      <nav
        aria-label="Note actions"
        className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 px-4 pt-2.5 pb-[calc(0.625rem+env(safe-area-inset-bottom))] backdrop-blur supports-[backdrop-filter]:bg-background/85 md:hidden"
      >
        <div className="mx-auto flex max-w-lg items-center gap-2 [&>*:not(.flex-none)]:flex-1">
          <Button asChild variant="ghost">
            <Link to={back}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Button>
          {toggle}
          {edit}
          {remove}
        </div>
      </nav>
      {deleteDialog}
    </div>
  );
}

function DetailsTabs({ note }: { note: NoteView }) {
  const { updateNote } = useNotesActions();
  const expanded = expandedView(note.expanded_content);
  const chatTitleId = useId();
  return (
    <Tabs defaultValue={initialDetailsTab(note)} gap="gap-4">
      <NoteTabsList first={{ value: 'note', label: 'Note' }} />

      <TabsContent value="note">
        <Section title="Original Idea">
          {note.content.trim() ? (
            // Markdown, rendered safely as the plan is (issue 33): no raw HTML, no remote images.
            <MarkdownContent density="relaxed" className="break-words" noteLink={NoteLink}>
              {note.content}
            </MarkdownContent>
          ) : (
            <p className="text-sm text-muted-foreground italic">This note has no original idea text.</p>
          )}
        </Section>
      </TabsContent>

      <TabsContent value="expanded" className="grid gap-4">
        {expanded ? (
          <>
            <Section title="Expanded Idea" icon={Sparkles}>
              {expanded.body ? (
                <MarkdownContent density="relaxed" className="text-foreground/90" noteLink={NoteLink}>
                  {expanded.body}
                </MarkdownContent>
              ) : (
                <p className="text-sm text-muted-foreground italic">Only action steps.</p>
              )}
            </Section>
            {expanded.steps.length > 0 && (
              <Section title="Action Steps" icon={ListChecks}>
                <ol className="grid gap-2.5">
                  {expanded.steps.map((step, index) => (
                    <li key={index} className="flex gap-3 text-sm leading-relaxed">
                      <span
                        aria-hidden="true"
                        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-accent-foreground"
                      >
                        {index + 1}
                      </span>
                      <span className="min-w-0 pt-0.5 break-words">{step}</span>
                    </li>
                  ))}
                </ol>
              </Section>
            )}
          </>
        ) : (
          <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">
            No expanded content available for this note.
          </p>
        )}
      </TabsContent>

      <TabsContent value="chat">
        <section aria-labelledby={chatTitleId} className="grid gap-3 rounded-2xl border bg-card p-4 shadow-xs sm:p-6">
          <h2 id={chatTitleId} className="text-base font-semibold">
            Chat with your Note
          </h2>
          <NoteChatTab
            note={note}
            height={500}
            mode="view"
            value={note.chat_history ?? []}
            onChange={(messages) =>
              void saveNow(updateNote, note, { chat_history: messages.length > 0 ? messages : null })
            }
          />
        </section>
      </TabsContent>
    </Tabs>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon?: typeof Sparkles; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border bg-card p-4 shadow-xs sm:p-6">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-base font-semibold">
        {Icon && <Icon aria-hidden="true" className="size-4 text-primary" />}
        {title}
      </h2>
      {children}
    </section>
  );
}

function ChecklistView({ note }: { note: NoteView }) {
  const { updateNote } = useNotesActions();
  // Shown at once while writes are on their way; the stored list takes over when they are done.
  const [optimistic, setOptimistic] = useState<ChecklistItem[] | null>(null);
  const inFlight = useRef(0);
  const items = optimistic ?? note.checklist_items ?? [];
  const progress = checklistProgress(items);
  const headingId = useId();

  const apply = (next: ChecklistItem[]) => {
    if (next === items) return;
    setOptimistic(next);
    inFlight.current += 1;
    void saveNow(updateNote, note, { checklist_items: next }).finally(() => {
      inFlight.current -= 1;
      if (inFlight.current === 0) setOptimistic(null);
    });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border bg-card p-4 shadow-xs sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <ListChecks aria-hidden="true" className="size-4 text-primary" />
          Checklist
        </h2>
        <p className="text-sm font-medium text-muted-foreground">{progress.label}</p>
      </div>
      <div aria-hidden="true" className="mb-5 h-1.5 overflow-hidden rounded-full bg-muted">
        <div
          className={cn('h-full rounded-full bg-primary transition-[width] duration-300')}
          style={{ width: progress.total ? `${(progress.done / progress.total) * 100}%` : '0%' }}
        />
      </div>
      <ChecklistEditor
        items={items}
        onToggle={(id) => apply(toggleItem(items, id))}
        onEditText={(id, text) => apply(editItemText(items, id, text))}
        onChangeItem={(id, item) => apply(replaceItem(items, id, item))}
        onRemove={(id) => apply(removeItem(items, id))}
        onMove={(id, to) => apply(moveItem(items, id, to))}
        onAppend={(text) => apply(appendItem(items, text))}
        note={note}
      />
    </section>
  );
}
