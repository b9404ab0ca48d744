// Step 3 of Create New Idea: the tabs Expanded Idea and Action Steps (the default follows the
// outputFormat preference), the 'Enable Checklist' toggle that turns the steps into an editable
// checklist, the tags the assistant suggests (issue 34: the user's own first; a tap adds one to the note),
// and 'Save Note' ('Saving...'), disabled while the title is blank.
import { useId } from 'react';
import { Check, Plus, Save } from 'lucide-react';
import type { SuggestedTag } from '../../../data/assistant';
import type { ChecklistItem } from '#core/note';
import { splitExpandedContent } from '#core/action-steps';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import { MarkdownContent } from '../../../components/markdown/markdown-content';
import { ChecklistEditor } from './checklist-editor';
import type { PlanResult } from './creation-draft';

export type ResultTab = 'expanded' | 'steps';

export interface ResultStepProps {
  result: PlanResult;
  tab: ResultTab;
  onTabChange: (tab: ResultTab) => void;
  checklistEnabled: boolean;
  onChecklistEnabledChange: (enabled: boolean) => void;
  checklist: ChecklistItem[];
  onChecklistChange: (items: ChecklistItem[]) => void;
  /** Null while unknown, or when the assistant may not use the user's notes. */
  suggestedTags: SuggestedTag[] | null;
  /** The suggested tags the user chose: the note is saved with them. */
  tags: string[];
  onTagsChange: (tags: string[]) => void;
  saving: boolean;
  titleBlank: boolean;
  onSave: () => void;
}

export function ResultStep({
  result,
  tab,
  onTabChange,
  checklistEnabled,
  onChecklistEnabledChange,
  checklist,
  onChecklistChange,
  suggestedTags,
  tags,
  onTagsChange,
  saving,
  titleBlank,
  onSave,
}: ResultStepProps) {
  const switchId = useId();
  const { body } = splitExpandedContent(result.expandedContent);
  return (
    <Card id="idea-result" tabIndex={-1} className="outline-none">
      <CardHeader px="px-4 sm:px-6">
        <CardTitle as="h2" className="text-lg">
          Your Plan
        </CardTitle>
      </CardHeader>
      <CardContent px="px-4 sm:px-6" className="flex flex-col gap-6">
        <Tabs value={tab} onValueChange={(value) => onTabChange(value === 'steps' ? 'steps' : 'expanded')}>
          <TabsList className="inline-flex h-9 w-full sm:w-fit">
            <TabsTrigger value="expanded">Expanded Idea</TabsTrigger>
            <TabsTrigger value="steps">Action Steps</TabsTrigger>
          </TabsList>
          <TabsContent value="expanded" className="pt-3">
            {body.trim() === '' ? (
              <p className="text-sm text-muted-foreground">The plan has no expanded text.</p>
            ) : (
              <MarkdownContent className="rounded-lg border bg-card p-4">{body}</MarkdownContent>
            )}
          </TabsContent>
          <TabsContent value="steps" className="flex flex-col gap-4 pt-3">
            <div className="flex items-center gap-3">
              <Switch id={switchId} checked={checklistEnabled} onCheckedChange={onChecklistEnabledChange} />
              <Label htmlFor={switchId}>{checklistEnabled ? 'Checklist Enabled' : 'Enable Checklist'}</Label>
            </div>
            {checklistEnabled ? (
              <ChecklistEditor items={checklist} onChange={onChecklistChange} label="Action steps checklist" />
            ) : result.steps.length === 0 ? (
              <p className="text-sm text-muted-foreground">No action steps were found in the plan.</p>
            ) : (
              <ol
                aria-label="Action steps"
                className="flex list-decimal flex-col gap-2 pl-6 text-sm leading-relaxed marker:font-semibold marker:text-primary"
              >
                {result.steps.map((step, index) => (
                  <li key={index}>{step}</li>
                ))}
              </ol>
            )}
          </TabsContent>
        </Tabs>
        {suggestedTags && suggestedTags.length > 0 && (
          <SuggestedTags suggestions={suggestedTags} chosen={tags} onChange={onTagsChange} />
        )}
        <div className="flex flex-col items-stretch gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
          {titleBlank && (
            <p className="text-sm text-muted-foreground sm:mr-auto">Add a title above to save your note.</p>
          )}
          <Button onClick={onSave} disabled={saving || titleBlank} size="lg">
            {saving ? <Spinner label="Saving" /> : <Save aria-hidden="true" />}
            {saving ? 'Saving...' : 'Save Note'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function SuggestedTags({
  suggestions,
  chosen,
  onChange,
}: {
  suggestions: SuggestedTag[];
  chosen: string[];
  onChange: (tags: string[]) => void;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm text-muted-foreground">
        Suggested tags
      </span>
      {suggestions.map(({ tag, existing }) => {
        const on = chosen.includes(tag);
        return (
          <button
            key={tag}
            type="button"
            aria-pressed={on}
            title={existing ? 'One of your tags' : 'A new tag'}
            onClick={() => onChange(on ? chosen.filter((t) => t !== tag) : [...chosen, tag])}
            className={cn(
              'inline-flex min-h-8 max-w-full items-center gap-1 rounded-full border px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
              on
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-secondary text-secondary-foreground hover:bg-primary/15',
              !existing && !on && 'border-dashed border-muted-foreground/50 bg-transparent',
            )}
          >
            {on ? <Check aria-hidden="true" className="size-3.5" /> : <Plus aria-hidden="true" className="size-3.5" />}
            <span className="truncate">#{tag}</span>
            {!existing && <span className="sr-only">(new tag)</span>}
          </button>
        );
      })}
    </div>
  );
}
