// Create New Idea (/new, spec section 2): header 'New Idea' with a back button to /, a title field, and
// three steps: the idea, the conversation, the result. Everything typed stays in a per-user draft in
// this tab until the note is saved, or the user starts over. Opened from a New Idea link while an
// earlier idea is unfinished, it offers to resume it or start fresh (a reload, Back or the return from
// /api-setup resumes at once).
// Offline, the idea can be saved as a plain note to expand later.
// With ?expand=<id> (a note's 'Expand with <assistant>') the conversation starts from that note and the
// plan is saved back into it (expand-note.ts).
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router';
import { ArrowLeft, FilePlus2 } from 'lucide-react';
import { stepsToChecklist } from '#core/checklist';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../../data/auth';
import { NOTE_MESSAGES, notifyWrite, type NoteInput, useNotesActions, writeKindOf } from '../../../data/notes';
import { expandIdea, expandPatch, useExpandTarget } from './expand-note';
import { useAiPreferences } from '../../../data/ai-preferences';
import { useTagSuggestions } from '../../../data/assistant';
import { IdeaInputForm } from '../components/idea-input-form';
import { useSessionDraft } from '../hooks/use-session-draft';
import { ConversationStep } from './conversation-step';
import {
  creationDraftKey,
  creationDraftSchema,
  emptyCreationDraft,
  seedConversation,
  type CreationDraft,
  type CreationStep,
  type PlanResult,
} from './creation-draft';
import { ResultStep, type ResultTab } from './result-step';
import { ResumeOffer, StartOverButton, draftHasContent } from './start-over';
import { StepIndicator } from './step-indicator';

export function NewIdeaPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const { preferences, loading: preferencesLoading } = useAiPreferences();
  const { createNote, updateNote } = useNotesActions();
  const [draft, setDraft, clearDraft] = useSessionDraft(
    user ? creationDraftKey(user.id) : null,
    creationDraftSchema,
    emptyCreationDraft,
  );
  const expand = useExpandTarget();
  if (expand.seedNow && expand.note && draft.expandNoteId !== expand.note.id) {
    const idea = expandIdea(expand.note);
    setDraft({
      ...emptyCreationDraft(),
      title: expand.note.title,
      idea,
      step: 'conversation',
      entries: seedConversation(idea, preferences.aiName),
      expandNoteId: expand.note.id,
    });
  }
  const expanding = expand.note !== null && draft.expandNoteId === expand.note.id ? expand.note : null;
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<ResultTab | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  // Decided once, when the user's draft is known: 'show' the resume offer, or not ('done').
  // Coming back from /api-setup (state `resume`) carries on too: the user left mid-idea to add a key.
  const navigationType = useNavigationType();
  const returning = (useLocation().state as { resume?: unknown } | null)?.resume === true;
  const [offer, setOffer] = useState<'undecided' | 'show' | 'done'>(
    navigationType === 'PUSH' && !returning ? 'undecided' : 'done',
  );
  if (offer === 'undecided' && user) setOffer(draftHasContent(draft) ? 'show' : 'done');
  const titleBlank = draft.title.trim() === '';
  const defaultTab: ResultTab = preferences.outputFormat === 'checklist' ? 'steps' : 'expanded';

  const patch = useCallback(
    (change: Partial<CreationDraft>) => setDraft((current) => ({ ...current, ...change })),
    [setDraft],
  );
  const setEntries = useCallback((entries: CreationDraft['entries']) => patch({ entries }), [patch]);
  const setAwaitingKey = useCallback((awaitingKey: boolean) => patch({ awaitingKey }), [patch]);

  const startConversation = (idea: string) => {
    patch({
      idea,
      step: 'conversation',
      entries: seedConversation(idea, preferences.aiName),
      result: null,
      chatInput: '',
    });
  };

  const onPlan = (result: PlanResult) =>
    patch({ result, step: 'result', checklist: stepsToChecklist(result.steps), tags: [] });
  const suggestedTags = useTagSuggestions(
    draft.step === 'result' && draft.result ? { title: draft.title, text: draft.result.expandedContent } : null,
  );

  const viewSteps = () => {
    setTab('steps');
    requestAnimationFrame(() => {
      const target = document.getElementById('idea-result');
      // Smooth unless the user asked the system for less motion.
      const still =
        typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
      target?.focus({ preventScroll: true });
    });
  };

  const save = async (input: NoteInput) => {
    if (input.title.trim() === '') {
      toast(NOTE_MESSAGES.titleRequired);
      titleRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const { note, cloud } = expanding
        ? await updateNote(expanding.id, expandPatch(input), { basedOn: expanding, history: 'ai' })
        : await createNote(input);
      // The spec's success toast, then, if the cloud copy could not be written yet, what became of it.
      void notifyWrite(expanding ? writeKindOf(note) : 'create', cloud, {
        saved: NOTE_MESSAGES.noteSaved,
        offline: 'tell',
      });
      clearDraft();
      void navigate(expanding ? `/note/${note.id}` : '/');
    } catch (error) {
      console.error('Error saving note:', error);
      toast(NOTE_MESSAGES.creationSaveFailed);
      setSaving(false);
    }
  };

  const saveNote = () => {
    const { result } = draft;
    if (!result) return;
    void save({
      title: draft.title.trim(),
      content: draft.idea,
      expanded_content: result.expandedContent,
      is_checklist: draft.checklistEnabled,
      checklist_items: draft.checklistEnabled ? (draft.checklist ?? stepsToChecklist(result.steps)) : null,
      chat_history: null,
      // An expanded note keeps its own tags beside the chosen ones.
      tags: withTags(expanding?.tags ?? null, draft.tags),
    });
  };

  const savePlain = (idea: string) =>
    void save({
      title: draft.title.trim(),
      content: idea,
      expanded_content: null,
      is_checklist: false,
      checklist_items: null,
      chat_history: null,
    });

  const plainNoteButton = (idea: string) => (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={saving || idea.trim() === ''}
      onClick={() => savePlain(idea.trim())}
    >
      <FilePlus2 aria-hidden="true" />
      Save as a plain note
    </Button>
  );

  const startOver = () => {
    clearDraft();
    setTab(null);
    setOffer('done');
    // Into the title, unless the user has already gone to another field: typing there must stay there.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) titleRef.current?.focus();
    });
  };

  const step: CreationStep = draft.step === 'result' && !draft.result ? 'conversation' : draft.step;
  if (offer === 'show') {
    return (
      <NewIdeaLayout>
        <ResumeOffer draft={draft} onResume={() => setOffer('done')} onStartFresh={startOver} />
      </NewIdeaLayout>
    );
  }
  return (
    <NewIdeaLayout
      action={
        draftHasContent(draft) && <StartOverButton draft={draft} aiName={preferences.aiName} onStartOver={startOver} />
      }
    >
      <StepIndicator step={step} />

      <div className="flex flex-col gap-2">
        <Label htmlFor="idea-title">Title</Label>
        <Input
          id="idea-title"
          ref={titleRef}
          value={draft.title}
          placeholder="Give your idea a title"
          onChange={(event) => patch({ title: event.target.value })}
        />
      </div>

      {step === 'input' ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              What's your idea?
            </CardTitle>
            <CardDescription>
              Describe it briefly; {preferences.aiName} will help you develop it into a plan.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <IdeaInputForm
              value={draft.idea}
              onChange={(idea) => patch({ idea })}
              onSubmit={startConversation}
              label="Your idea"
              detailed
              offlineAction={plainNoteButton(draft.idea)}
            />
          </CardContent>
        </Card>
      ) : (
        <ConversationStep
          entries={draft.entries}
          onEntriesChange={setEntries}
          chatInput={draft.chatInput}
          onChatInputChange={(chatInput) => patch({ chatInput })}
          preferences={preferences}
          preferencesLoading={preferencesLoading}
          result={draft.result}
          onPlan={onPlan}
          onViewSteps={viewSteps}
          offlineAction={expanding ? undefined : plainNoteButton(draft.idea)}
          awaitingKey={draft.awaitingKey}
          onAwaitingKeyChange={setAwaitingKey}
        />
      )}

      {step === 'result' && draft.result && (
        <ResultStep
          result={draft.result}
          tab={tab ?? defaultTab}
          onTabChange={setTab}
          checklistEnabled={draft.checklistEnabled}
          onChecklistEnabledChange={(checklistEnabled) => patch({ checklistEnabled })}
          checklist={draft.checklist ?? []}
          onChecklistChange={(checklist) => patch({ checklist })}
          suggestedTags={suggestedTags}
          tags={draft.tags}
          onTagsChange={(tags) => patch({ tags })}
          saving={saving}
          titleBlank={titleBlank}
          onSave={saveNote}
        />
      )}
    </NewIdeaLayout>
  );
}

/** The page's frame: the way back, the heading and, on the right, the page's own action. */
function NewIdeaLayout({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-8">
      <header className="flex items-center gap-2">
        <Button asChild variant="ghost" size="icon" aria-label="Back to your notes">
          <Link to="/">
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">New Idea</h1>
        {action && <div className="ml-auto">{action}</div>}
      </header>
      {children}
    </div>
  );
}

/** A note's tags with the chosen ones added, each once; null for none (as a note stores no tags). */
function withTags(own: readonly string[] | null, chosen: readonly string[]): string[] | null {
  const tags = [...new Set([...(own ?? []), ...chosen])];
  return tags.length === 0 ? null : tags;
}
