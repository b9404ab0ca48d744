// A titled list of links to other notes under a note's content: 'Linked from' (issue 33) and 'Related
// notes' (issue 34). Nothing at all when the list is empty.
import { useId } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';

export interface NoteLinkItem {
  noteId: string;
  title: string;
  /** A second line: why the note is listed (the passage that matched). */
  detail?: string;
}

export function NoteLinksSection({
  icon: Icon,
  heading,
  items,
}: {
  icon: LucideIcon;
  heading: string;
  items: readonly NoteLinkItem[];
}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border bg-card p-4 sm:p-5">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {heading}
      </h2>
      <ul className="mt-2 grid gap-1">
        {items.map((item) => (
          <li key={item.noteId} className="min-w-0">
            <Link
              to={`/note/${item.noteId}`}
              className="block rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className={item.detail ? 'block truncate font-medium' : 'block truncate'}>{item.title}</span>
              {item.detail && <span className="line-clamp-2 text-xs text-muted-foreground">{item.detail}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
