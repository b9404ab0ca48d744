// The mark of a note a search found by its meaning, not by the words typed (issue 34), and the passage it
// matched by, on one line: the dashboard's result cards and the command palette show them alike.
import { Sparkles } from 'lucide-react';
import { Badge } from './ui/badge';

export function MeaningBadge({ className }: { className?: string }) {
  return (
    <Badge variant="secondary" className={className}>
      <Sparkles aria-hidden="true" className="text-primary" />
      By meaning
    </Badge>
  );
}

/** A passage on one line (a passage keeps its note's line breaks). */
export function oneLine(passage: string): string {
  return passage.replace(/\s+/g, ' ').trim();
}
