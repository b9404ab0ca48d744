// The sidebar's Tags (issue 33): every tag of the listed notes with its count, a tag inside another
// indented under it, each opening the Dashboard filtered by it. Nothing is shown before the first tag.
// Above Recent Ideas: the way to a group of notes before the last few notes.
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Hash } from 'lucide-react';
import { useTagCounts } from '../../data/notes';
import { cn } from '../../lib/utils';
import { formatCount } from '../../lib/format-count';
import { tagPath, tagRows } from '../../features/notes';

export function SidebarTags({ onNavigate }: { onNavigate?: () => void }) {
  const counts = useTagCounts();
  const headingId = useId();
  const location = useLocation();
  if (!counts || counts.size === 0) return null;
  const current = location.pathname === '/' ? new URLSearchParams(location.search).get('tag') : null;
  return (
    <section aria-labelledby={headingId} className="px-3">
      <h2 id={headingId} className="px-2 pb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        Tags
      </h2>
      {/* A long list scrolls in its own box, so Recent Ideas stays in reach below it. */}
      <ul className="grid max-h-60 gap-0.5 overflow-y-auto">
        {tagRows(counts).map(({ tag, count, depth }) => {
          const name = tag.slice(tag.lastIndexOf('/') + 1);
          const active = tag === current;
          return (
            <li key={tag} className="min-w-0">
              <Link
                to={tagPath(tag)}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                aria-label={`#${tag}, ${formatCount(count)} ${count === 1 ? 'note' : 'notes'}`}
                style={{ paddingLeft: `${0.5 + depth * 0.9}rem` }}
                className={cn(
                  'flex min-w-0 items-center gap-2 rounded-md py-1.5 pr-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  active
                    ? 'bg-accent font-medium text-accent-foreground'
                    : 'text-sidebar-foreground/90 hover:bg-accent hover:text-accent-foreground',
                )}
              >
                <Hash
                  aria-hidden="true"
                  className={cn('size-3.5 shrink-0', active ? 'text-primary' : 'text-muted-foreground')}
                />
                <span className="min-w-0 flex-1 truncate">{name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">{formatCount(count)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
