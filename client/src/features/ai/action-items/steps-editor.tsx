// The steps of a 'Find action items' proposal as the user edits them (issue 35, item 5): each one's text,
// its date (the browser's date picker, cleared with its own button) and its removal; then 'Add N to
// checklist'. Stacked on a phone, a row each from the small breakpoint.
import { useId, useState } from 'react';
import { ListPlus, RotateCcw, Sparkles, Trash2, X } from 'lucide-react';
import type { ActionItem } from '#core/action-items';
import { NOTE_LIMITS } from '#core/note-constants';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { InlineAlert } from '../components/inline-alert';
import { plural, stepsToAdd, toDraft, type DraftStep } from './action-items-logic';

/** The proposed steps, editable: text, date (or none), removal; then 'Add N to checklist'. */
export function StepsEditor({
  items,
  aiName,
  onAdd,
  onRetry,
}: {
  items: ActionItem[];
  aiName: string;
  onAdd: (steps: ActionItem[]) => Promise<void>;
  onRetry: () => void;
}) {
  const [draft, setDraft] = useState<DraftStep[]>(() => toDraft(items));
  const [adding, setAdding] = useState(false);
  const listId = useId();
  const steps = stepsToAdd(draft);
  const change = (key: number, patch: Partial<DraftStep>) =>
    setDraft((list) => list.map((step) => (step.key === key ? { ...step, ...patch } : step)));
  const remove = (key: number) => setDraft((list) => list.filter((step) => step.key !== key));

  if (items.length === 0) {
    return (
      <InlineAlert
        tone="info"
        live={false}
        title={`${aiName} found no action items in this note.`}
        actions={
          <Button size="sm" variant="outline" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <form
      className="grid min-h-0 grid-rows-[auto_minmax(0,1fr)_auto] gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (steps.length === 0 || adding) return;
        setAdding(true);
        void onAdd(steps).finally(() => setAdding(false));
      }}
    >
      <p id={listId} className="flex items-center gap-2 text-sm text-muted-foreground">
        <Sparkles aria-hidden="true" className="size-4 text-primary" />
        {draft.length === 0 ? 'No steps left.' : `${plural(draft.length, 'step', 'steps')} proposed.`}
      </p>
      <ol aria-labelledby={listId} className="-mx-1 grid min-h-0 gap-3 overflow-y-auto px-1 py-1">
        {draft.map((step, index) => (
          <li key={step.key} className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(0,1fr)_auto]">
            <Input
              aria-label={`Step ${index + 1}`}
              value={step.text}
              maxLength={NOTE_LIMITS.checklistItemText}
              onChange={(event) => change(step.key, { text: event.target.value })}
            />
            <div className="flex items-center gap-1">
              <Input
                type="date"
                aria-label={`Due date of step ${index + 1}`}
                value={step.due}
                onChange={(event) => change(step.key, { due: event.target.value })}
                className="w-auto min-w-0 flex-1 sm:w-40 sm:flex-none"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Clear the date of step ${index + 1}`}
                disabled={step.due === ''}
                onClick={() => change(step.key, { due: '' })}
              >
                <X aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost-destructive"
                size="icon"
                aria-label={`Remove step ${index + 1}`}
                onClick={() => remove(step.key)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-end gap-2 pt-1">
        <Button type="button" variant="ghost" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Ask again
        </Button>
        <Button type="submit" disabled={steps.length === 0 || adding}>
          <ListPlus aria-hidden="true" />
          Add {steps.length} to checklist
        </Button>
      </div>
    </form>
  );
}
