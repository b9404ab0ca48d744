// Where the user is in the creation flow: 1 Idea, 2 Conversation, 3 Result.
import { Check } from 'lucide-react';
import { cn } from '../../../lib/utils';
import type { CreationStep } from './creation-draft';

const STEPS: { id: CreationStep; label: string }[] = [
  { id: 'input', label: 'Idea' },
  { id: 'conversation', label: 'Conversation' },
  { id: 'result', label: 'Result' },
];

export function StepIndicator({ step }: { step: CreationStep }) {
  const current = STEPS.findIndex((s) => s.id === step);
  return (
    <nav aria-label="Progress">
      <ol className="flex items-center gap-2 text-sm">
        {STEPS.map((s, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={s.id} className="flex flex-1 items-center gap-2" aria-current={active ? 'step' : undefined}>
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary text-primary',
                  !done && !active && 'text-muted-foreground',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-3.5" /> : index + 1}
                {done && <span className="sr-only">{index + 1}</span>}
              </span>
              <span className={cn('truncate', active ? 'font-medium text-foreground' : 'text-muted-foreground')}>
                {s.label}
                {done && <span className="sr-only"> (done)</span>}
              </span>
              {index < STEPS.length - 1 && (
                <span aria-hidden="true" className={cn('h-px flex-1', done ? 'bg-primary' : 'bg-border')} />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
