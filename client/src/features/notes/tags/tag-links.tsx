// A note's tags as small links to their list (issue 33): on cards, search results and the note screen.
import { Link } from 'react-router';
import { cn } from '../../../lib/utils';
import { tagPath } from './tag-path';

export function TagLinks({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li key={tag} className="min-w-0">
          <Link
            to={tagPath(tag)}
            className="inline-flex max-w-full items-center rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground outline-none hover:bg-primary/15 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="truncate">#{tag}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
