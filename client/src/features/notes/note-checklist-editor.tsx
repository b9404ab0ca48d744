// A plain note's checklist on the edit screen (issue 33): a grocery list is edited as a checklist, not as
// the 'Action Steps' of a plan it does not have. It drives the same switch as the plan's Action Steps.
import { useId, type Dispatch } from 'react';
import { ListChecks, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ChecklistEditor } from '../../components/checklist/checklist-editor';
import { checklistHandlers, type EditFormAction, type EditFormValues } from './edit-form';

export function NoteChecklistEditor({
  values,
  dispatch,
}: {
  values: Pick<EditFormValues, 'checklistOn' | 'items'>;
  dispatch: Dispatch<EditFormAction>;
}) {
  const headingId = useId();
  const setOn = (value: boolean) => dispatch({ type: 'checklistOn', value });
  if (!values.checklistOn) {
    return (
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => setOn(true)}>
          <ListChecks aria-hidden="true" />
          Add a checklist
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-medium">
          <ListChecks aria-hidden="true" className="size-4 text-primary" />
          Checklist
        </h2>
        <Button type="button" variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setOn(false)}>
          <X aria-hidden="true" />
          Remove checklist
        </Button>
      </div>
      <ChecklistEditor items={values.items} label="Checklist items" {...checklistHandlers(dispatch)} />
    </section>
  );
}
