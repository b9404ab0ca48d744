// The Edit screen's small save state: 'Saving…', 'Unsaved changes', or 'Saved' after an auto-save.
import { Check, CircleDot, LoaderCircle } from 'lucide-react';

export function SaveIndicator({
  saving,
  dirty,
  autoSavedAt,
}: {
  saving: boolean;
  dirty: boolean;
  autoSavedAt: Date | null;
}) {
  let content = null;
  if (saving) {
    content = (
      <>
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
        Saving…
      </>
    );
  } else if (dirty) {
    content = (
      <>
        <CircleDot aria-hidden="true" className="size-3.5 text-amber-600 dark:text-amber-400" />
        Unsaved changes
      </>
    );
  } else if (autoSavedAt) {
    content = (
      <>
        <Check aria-hidden="true" className="size-3.5 text-primary" />
        Saved
      </>
    );
  }
  return (
    <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
      {content}
    </p>
  );
}
