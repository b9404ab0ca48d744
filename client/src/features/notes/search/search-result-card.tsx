// A note found by the search: the card of the lists with the matched words marked in its title and
// text, and where else it matched: the checklist items that matched, or a passage of the expanded text.
// A note found by its meaning alone (issue 34) is marked so, with the passage that matched.
import { memo, type ReactNode } from 'react';
import type { LinkProps } from 'react-router';
import { CheckSquare, Eye, Square } from 'lucide-react';
import type { NoteView } from '../../../data/notes';
import { containsTerm, snippetAround, type NoteSearchResult } from '../../../data/search';
import { NoteCardFrame } from '../note-card-frame';
import { NoteCardBadges } from '../note-card-badges';
import { markdownAsText, noteTitle } from '../note-text';
import { HighlightedText } from './highlighted-text';

const MAX_ITEMS = 3;

// Made once: React skips an element it is given again unchanged (the cards update in place on each key).
const DONE_ICON = <CheckSquare aria-label="Done" className="mt-0.5 size-4 shrink-0 text-primary" />;
const NOT_DONE_ICON = <Square aria-label="Not done" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />;

export interface SearchResultCardProps {
  result: NoteSearchResult;
  /** The passage the note matched by, when it was found by meaning and not by the words typed. */
  passage?: string | null;
  /** Its mark (components/meaning-badge.tsx, given by the search by meaning's code, which loads later). */
  meaningBadge?: ReactNode;
  /** Where View goes (the dashboard's /view/:id, the checklists' /note/:id). */
  viewTo: (note: NoteView) => `/${string}`;
  /** Router state for the View link (the checklists' way back). */
  viewState?: LinkProps['state'];
  onView: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
}

export const SearchResultCard = memo(SearchResultCardView, (a, b) => {
  // A result object is new on every answer: what the card shows is its note and matched words.
  const same = a.result === b.result || (a.result.note === b.result.note && a.result.terms === b.result.terms);
  return (
    same &&
    a.passage === b.passage &&
    a.meaningBadge === b.meaningBadge &&
    a.viewTo === b.viewTo &&
    a.viewState === b.viewState &&
    a.onView === b.onView &&
    a.onDelete === b.onDelete
  );
});

function SearchResultCardView({
  result,
  passage,
  meaningBadge,
  viewTo,
  viewState,
  onView,
  onDelete,
}: SearchResultCardProps) {
  const { note, terms } = result;
  if (passage) {
    return (
      <NoteCardFrame
        note={note}
        badges={
          <>
            <NoteCardBadges note={note} />
            {meaningBadge}
          </>
        }
        view={{ icon: Eye, to: viewTo(note), state: viewState, onClick: () => onView(note) }}
        deleteLabel={note.is_checklist ? 'Delete checklist' : 'Delete note'}
        onDelete={() => onDelete(note)}
      >
        <p className="truncate text-sm text-muted-foreground">{markdownAsText(passage).replace(/\s+/g, ' ').trim()}</p>
      </NoteCardFrame>
    );
  }
  const items = (note.checklist_items ?? []).filter((item) => containsTerm(item.text, terms)).slice(0, MAX_ITEMS);
  const content = note.content.trim();
  const contentText = containsTerm(content.slice(0, 240), terms) ? content : (snippetAround(content, terms) ?? content);
  const expanded = items.length === 0 && note.expanded_content ? snippetAround(note.expanded_content, terms) : null;

  return (
    <NoteCardFrame
      note={note}
      badges={<NoteCardBadges note={note} />}
      titleContent={<HighlightedText text={noteTitle(note)} terms={terms} />}
      view={{ icon: Eye, to: viewTo(note), state: viewState, onClick: () => onView(note) }}
      deleteLabel={note.is_checklist ? 'Delete checklist' : 'Delete note'}
      onDelete={() => onDelete(note)}
    >
      {(contentText || (items.length === 0 && !expanded)) && (
        <p className="line-clamp-3 text-sm leading-relaxed whitespace-pre-line break-words text-muted-foreground">
          {contentText ? (
            <HighlightedText text={contentText} terms={terms} />
          ) : (
            <span className="italic">No content</span>
          )}
        </p>
      )}
      {items.length > 0 && (
        <ul aria-label="Matching checklist items" className="grid gap-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex min-w-0 items-start gap-2">
              {item.completed ? DONE_ICON : NOT_DONE_ICON}
              <span
                className={
                  item.completed ? 'min-w-0 break-words text-muted-foreground line-through' : 'min-w-0 break-words'
                }
              >
                <HighlightedText text={item.text} terms={terms} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {expanded && (
        <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm leading-relaxed break-words">
          <span className="font-medium">Expanded: </span>
          <HighlightedText text={expanded} terms={terms} />
        </p>
      )}
    </NoteCardFrame>
  );
}
