// The sidebar's Recent Ideas: up to 10 expanded notes, newest first, in a 200 px scroll area (its
// scrollbar's gutter keeps the items clear of the bar).
import { useId } from 'react';
import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import { ScrollArea } from '../../components/ui/scroll-area';
import { Tooltip } from '../../components/ui/tooltip';
import type { RecentIdea } from './use-layout-notes';

export function RecentIdeas({
  ideas,
  onNavigate,
}: {
  /** Undefined while they are read: nothing is said yet (issue 33: 'No expanded ideas yet.' showed then). */
  ideas: readonly RecentIdea[] | undefined;
  onNavigate?: () => void;
}) {
  // The sidebar can exist twice (desktop column and mobile sheet): ids must stay unique.
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-3">
      <h2 id={headingId} className="px-2 pb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        Recent Ideas
      </h2>
      <ScrollArea className="h-[200px]" viewportLabel="Recent Ideas list">
        {ideas === undefined ? null : ideas.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">No expanded ideas yet.</p>
        ) : (
          <ul className="grid gap-0.5">
            {ideas.map((idea) => {
              const title = idea.title.trim() || 'Untitled';
              return (
                <li key={idea.id} className="min-w-0">
                  {/* The full title in a tooltip, since a long one ends in an ellipsis. */}
                  <Tooltip content={title} side="right" className="max-w-72 break-words">
                    <Link
                      to={`/note/${idea.id}`}
                      onClick={onNavigate}
                      className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm text-sidebar-foreground/90 outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                    >
                      <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                      <span className="min-w-0 truncate">{title}</span>
                    </Link>
                  </Tooltip>
                </li>
              );
            })}
          </ul>
        )}
      </ScrollArea>
    </section>
  );
}
