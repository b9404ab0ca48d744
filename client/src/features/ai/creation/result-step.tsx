// Step 3 of Create New Idea: the tabs Expanded Idea and Action Steps (the default follows the
// outputFormat preference), the 'Enable Checklist' toggle that turns the steps into an editable
// checklist, and 'Save Note' ('Saving...'), disabled while the title is blank.
import { useId } from 'react';
import { Save } from 'lucide-react';
import type { ChecklistItem } from '#core/note';
import { splitExpandedContent } from '#core/action-steps';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
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
