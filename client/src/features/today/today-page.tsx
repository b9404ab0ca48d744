// Today (issue 35): the unticked dated items of the notes in the lists, Overdue first, then Today, then the
// next 7 days, grouped by note. Read from this device's notes, so it works offline; ticking writes the
// note through the usual path (it syncs), and a repeating item moves to its next date.
import { startTransition, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { CalendarCheck, NotebookText } from 'lucide-react';
import { FullPageSpinner } from '../../components/ui/spinner';
import { DueLabel, dueDescription, dueTone } from '../../components/checklist/due-chip';
import { useDueNotes, type NoteView } from '../../data/notes';
import { EmptyState, noteTitle } from '../notes';
import { CONTENT_TIMING, useContentShown } from '../../lib/first-content';
import { deviceTimeZone } from '../../lib/time-zone';
import { useDayClock } from '../../lib/use-day-clock';
import { cn } from '../../lib/utils';
import { DATE_LOCALE } from '#core/date-locale';
import type { ChecklistItem } from '#core/note';
import { firstItems, todayRange, todaySections, type TodaySection } from './today-sections';
import { useTickItem } from './use-tick-item';

/** The rows drawn first: more than a tall screen holds. */
const FIRST_ROWS = 40;

// Made on first use, not when the screen's code loads (docs/decisions.md, 'No Intl object at a start').
let dateFormat: Intl.DateTimeFormat | undefined;
const todayText = (now: Date) =>
  (dateFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, { weekday: 'long', day: 'numeric', month: 'long' })).format(now);

export function TodayPage() {
  const timeZone = deviceTimeZone();
  // Left open overnight, the lists move on at midnight.
  const now = useDayClock(timeZone);
  const notes = useDueNotes(todayRange(now, timeZone));
  const allSections = notes ? todaySections(notes, now, timeZone) : undefined;
  // A screenful first, the rest in the next frame, as a transition that yields to the user's input.
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (whole || notes === undefined) return;
    const frame = requestAnimationFrame(() => startTransition(() => setWhole(true)));
    return () => cancelAnimationFrame(frame);
  }, [whole, notes]);
  const sections = allSections && !whole ? firstItems(allSections, FIRST_ROWS) : allSections;
  useContentShown(notes !== undefined);
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfterTick = useFocusAfterTick(listRef, notes);
  const tick = useTickItem();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Today</h1>
        <p className="mt-1 text-sm text-muted-foreground">{todayText(now)}</p>
      </header>
      {sections === undefined ? (
        <FullPageSpinner />
      ) : sections.length === 0 ? (
        <EmptyState icon={CalendarCheck} title="Nothing due" className="mt-8">
          <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
            Checklist items with a date show here, from a week ahead. Give an item a date with its calendar button, or
            type one in it: ‘call the venue next Friday’.
          </p>
        </EmptyState>
      ) : (
        <div ref={listRef} className="mt-6 grid gap-8">
          {sections.map((section) => (
            <Section
              key={section.bucket}
              section={section}
              now={now}
              timeZone={timeZone}
              onTick={(note, item, checkbox) => {
                focusAfterTick(checkbox);
                void tick(note, item.id);
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function Section({
  section,
  now,
  timeZone,
  onTick,
}: {
  section: TodaySection<NoteView>;
  now: Date;
  timeZone: string;
  onTick: (note: NoteView, item: ChecklistItem, checkbox: HTMLButtonElement) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2
        id={headingId}
        className={cn(
          'flex items-center gap-2 text-sm font-semibold tracking-wide uppercase',
          section.bucket === 'overdue' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {section.title}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground normal-case">
          <span className="sr-only">, </span>
          {section.count}
          <span className="sr-only"> {section.count === 1 ? 'item' : 'items'}</span>
        </span>
      </h2>
      <div className="mt-3 grid gap-3">
        {section.groups.map(({ note, items }) => {
          const title = noteTitle(note);
          return (
            <article key={note.id} aria-label={title} className="rounded-xl border bg-card p-3 shadow-xs sm:p-4">
              <h3 elementtiming={CONTENT_TIMING} className="text-sm font-semibold">
                <Link
                  to={`/note/${note.id}`}
                  className="inline-flex items-center gap-2 rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <NotebookText aria-hidden="true" className="size-4 text-primary" />
                  {title}
                </Link>
              </h3>
              <ul aria-label={`${title}: ${section.title.toLowerCase()}`} className="mt-2 grid gap-1">
                {items.map((item) => (
                  <li key={item.id} className="flex items-start gap-3 rounded-lg px-1 py-1.5 hover:bg-muted/50">
                    <button
                      type="button"
                      role="checkbox"
                      aria-checked={false}
                      aria-label={item.text.trim() || 'Untitled item'}
                      aria-describedby={`${note.id}-${item.id}-due`}
                      onClick={(event) => onTick(note, item, event.currentTarget)}
                      className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-[5px] border-2 border-muted-foreground/70 bg-background transition-colors outline-none hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background"
                    />
                    <span className="min-w-0 flex-1 text-sm leading-6 break-words">{item.text}</span>
                    <span
                      id={`${note.id}-${item.id}-due`}
                      title={dueDescription(item, timeZone)}
                      className={cn(
                        'inline-flex h-6 shrink-0 items-center gap-1 rounded-full border px-2 text-xs font-medium whitespace-nowrap',
                        dueTone(item, now, timeZone),
                      )}
                    >
                      <DueLabel item={item} now={now} timeZone={timeZone} />
                    </span>
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
    </section>
  );
}

/**
 * Keeps the keyboard's place: a ticked item leaves the list (a repeating one moves down it), and focus goes
 * to the checkbox that took its place, or the last one, rather than to the page's top.
 */
function useFocusAfterTick(list: RefObject<HTMLDivElement | null>, changed: unknown) {
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    const root = list.current;
    // Still focused: the write has not reached the list yet.
    if (index === null || !root || root.contains(document.activeElement)) return;
    pending.current = null;
    const boxes = root.querySelectorAll<HTMLButtonElement>('[role="checkbox"]');
    boxes[Math.min(index, boxes.length - 1)]?.focus();
  }, [list, changed]);
  return (checkbox: HTMLButtonElement) => {
    const boxes = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="checkbox"]') ?? [])];
    pending.current = boxes.indexOf(checkbox);
  };
}
