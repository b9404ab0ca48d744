// The Expanded tab's Action Steps (spec section 2, Edit Note): with 'Convert to checklist' on, the steps
// as an editable checklist; off, a read-only text of the steps, one per line.
import { useId, type Dispatch } from 'react';
import { ListChecks } from 'lucide-react';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { Textarea } from '../../components/ui/textarea';
import { ChecklistEditor } from '../../components/checklist/checklist-editor';
import { checklistHandlers, stepsText, type EditFormAction, type EditFormValues } from './edit-form';

export function ActionStepsEditor({
  values,
  dispatch,
}: {
  values: EditFormValues;
  dispatch: Dispatch<EditFormAction>;
}) {
  const ids = { convert: useId(), steps: useId() };
  return (
    <section aria-labelledby={ids.steps} className="grid gap-4 rounded-xl border bg-background/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={ids.steps} className="flex items-center gap-2 text-base font-semibold">
          <ListChecks aria-hidden="true" className="size-4 text-primary" />
          Action Steps
        </h2>
        <div className="flex items-center gap-2">
          <Switch
            id={ids.convert}
            checked={values.checklistOn}
            onCheckedChange={(checked) => dispatch({ type: 'checklistOn', value: checked })}
          />
          <Label htmlFor={ids.convert}>Convert to checklist</Label>
        </div>
      </div>
      {values.checklistOn ? (
        <ChecklistEditor items={values.items} label="Action steps checklist" {...checklistHandlers(dispatch)} />
      ) : values.items.length > 0 ? (
        <Textarea
          readOnly
          aria-label="Action steps"
          value={stepsText(values.items)}
          minHeight="min-h-0"
          background="bg-muted/50"
          className="field-sizing-content resize-none leading-relaxed"
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          No action steps yet. Add a numbered list under an ‘Action Steps’ heading in the expanded content, or turn on
          the checklist to add items.
        </p>
      )}
    </section>
  );
}
