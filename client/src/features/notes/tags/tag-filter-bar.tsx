// The tag a list is filtered by (issue 33), with the way back to the whole list.
import { Link } from 'react-router';
import { Tag, X } from 'lucide-react';
import { formatCount } from '../../../lib/format-count';
import type { TagListPath } from './tag-path';

export function TagFilterBar({ tag, list, count }: { tag: string; list: TagListPath; count?: number }) {
  return (
    <div role="status" className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
      <span className="inline-flex min-w-0 items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 py-1 pr-1 pl-2.5 font-medium">
        <Tag aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
        <span className="truncate">
          <span className="sr-only">Showing notes tagged </span>#{tag}
        </span>
        <Link
          to={list}
          aria-label={`Show all ${list === '/' ? 'notes' : 'checklists'}, not only #${tag}`}
          className="rounded-full p-1 text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-3.5" />
        </Link>
      </span>
      {count !== undefined && (
        <span className="text-muted-foreground">
          {formatCount(count)} {count === 1 ? 'note' : 'notes'}
        </span>
      )}
    </div>
  );
}
