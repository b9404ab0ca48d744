// The Edit screen's expanded content (issue 12): Write edits the markdown in the live-preview editor
// (issue 33), Preview shows it as the note view will. The text stays in the form either way.
import { useId, useState } from 'react';
import { Eye, PencilLine } from 'lucide-react';
import { MarkdownContent } from '../../components/markdown/markdown-content';
import { Label } from '../../components/ui/label';
import { LazyMarkdownEditor } from './editor/lazy-markdown-editor';
import type { SuggestNotes } from './editor/note-link-completion';
import { cn } from '../../lib/utils';

type Mode = 'write' | 'preview';

export function ExpandedEditor({
  id,
  value,
  onChange,
  stepsApart = false,
  links,
}: {
  id: string;
  /** What `[[` offers (issue 33). */
  links?: { suggest: SuggestNotes; warm: () => void };
  value: string;
  onChange: (value: string) => void;
  /** The text is the plan's prose only: its steps are the checklist below. */
  stepsApart?: boolean;
}) {
  const hintId = useId();
  const [mode, setMode] = useState<Mode>('write');
  const labelId = useId();
  const option = (which: Mode, label: string, Icon: typeof Eye) => (
    <button
      type="button"
      aria-pressed={mode === which}
      onClick={() => setMode(which)}
      className={cn(
        'inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-3.5',
        mode === which ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <Icon aria-hidden="true" />
      {label}
    </button>
  );

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {mode === 'write' ? (
          <Label id={labelId}>Expanded content</Label>
        ) : (
          <span id={labelId} className="text-sm leading-none font-medium">
            Expanded content
          </span>
        )}
        <div role="group" aria-label="Editor mode" className="inline-flex gap-0.5 rounded-lg bg-muted p-0.5">
          {option('write', 'Write', PencilLine)}
          {option('preview', 'Preview', Eye)}
        </div>
      </div>
      {mode === 'write' ? (
        <LazyMarkdownEditor
          id={id}
          labelledBy={labelId}
          value={value}
          placeholder="The expanded plan for this idea"
          onChange={onChange}
          describedBy={stepsApart ? hintId : undefined}
          suggestNotes={links?.suggest}
          onFocus={links?.warm}
        />
      ) : (
        <section aria-labelledby={labelId} className="min-h-[150px] rounded-md border bg-background/60 px-3 py-2">
          {value.trim() ? (
            <MarkdownContent density="relaxed" className="text-foreground/90">
              {value}
            </MarkdownContent>
          ) : (
            <p className="py-2 text-sm text-muted-foreground italic">Nothing to preview yet.</p>
          )}
        </section>
      )}
      {stepsApart && (
        <p id={hintId} className="text-xs text-muted-foreground">
          The action steps are edited once, in the checklist below; saving writes them back under the plan.
        </p>
      )}
    </div>
  );
}
