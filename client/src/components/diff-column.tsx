// One side of two texts compared line by line (a conflict's two versions, a version of a note beside the
// note): its heading, then its lines, those the other side lacks marked, in colour and for screen readers.
import { useId } from 'react';
import { cn } from '../lib/utils';

export interface DiffColumnLine {
  text: string;
  /** True when the other side does not have this line here. */
  changed: boolean;
}

export interface DiffColumnProps {
  heading: string;
  lines: readonly DiffColumnLine[];
  /** The heading's level on its page. */
  level: 3 | 4;
  /** Cut a long heading to one line (its whole text in a tooltip). */
  truncate?: boolean;
}

export function DiffColumn({ heading, lines, level, truncate = false }: DiffColumnProps) {
  const headingId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border bg-card">
      <Heading
        id={headingId}
        className={cn('border-b px-3 py-2 text-sm font-semibold', truncate && 'truncate')}
        title={truncate ? heading : undefined}
      >
        {heading}
      </Heading>
      <ol className="grid py-1.5 text-sm leading-6">
        {lines.map((line, index) => (
          <li
            key={index}
            className={cn(
              'min-h-6 border-l-[3px] px-3 break-words whitespace-pre-wrap',
              line.changed ? 'border-amber-500 bg-amber-500/15 dark:bg-amber-400/15' : 'border-transparent',
            )}
          >
            {line.changed && <span className="sr-only">Differs: </span>}
            {line.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
