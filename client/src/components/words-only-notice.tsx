// The quiet line under a search field when the search is by words only (issue 34), and why: never a toast
// nor a dialog, said once a session (data/meaning-search decides when).
import { cn } from '../lib/utils';

const WORDS_ONLY = {
  offline: 'Searching by words only: you’re offline.',
  off: 'Searching by words only: ‘Use my notes with the assistant’ is off in Settings.',
  'no-key': 'Searching by words only: no AI key is set up.',
  failed: 'Searching by words only: the assistant could not be reached.',
} as const;

/** A polite live region, always there so that the line is read out when it appears; no room taken while empty. */
export function WordsOnlyNotice({ reason, className }: { reason: keyof typeof WORDS_ONLY | null; className?: string }) {
  return (
    <p role="status" className={cn('text-xs text-muted-foreground', reason && className)}>
      {reason && WORDS_ONLY[reason]}
    </p>
  );
}
