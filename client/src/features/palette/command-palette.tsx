// The command palette (issue 12, point 3): Ctrl/Cmd+K. Finds notes through the search index the search
// field uses (data/search: prefixes, typos, ranking) and runs commands; a Radix dialog (focus trapped,
// Escape closes) around a cmdk list, so arrow keys move, Enter runs and the screen reader hears the
// active option. cmdk neither filters nor picks the active option here: the notes arrive from the worker
// after each keystroke, and selection.ts keeps the active option where the user expects it. The field is
// our own combobox, not Command.Input: cmdk updates the input's aria-activedescendant only when it moves
// the selection itself, so with a controlled value it would name an option that is no longer active.
// Notes found by meaning (issue 34) follow the word matches, marked, as on the dashboard.
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Command } from 'cmdk';
import { FileText, Hash, ListChecks, MessageCircleQuestion, Search } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useTagCounts, type NoteView } from '../../data/notes';
import { MeaningBadge, oneLine } from '../../components/meaning-badge';
import { WordsOnlyNotice } from '../../components/words-only-notice';
import { useMeaningSearch, withMeaning } from '../../data/meaning-search';
import { splitTagQuery, useNoteSearch } from '../../data/search';
import { cn } from '../../lib/utils';
import { formatUpdated } from '#core/relative-time';
import { markdownAsText } from '../notes';
import { noteSnippet } from './note-snippet';
import { COMMAND_GROUPS, filterCommands, type CommandId, type PaletteCommand } from './commands';
import { activeOption, isMoveKey, NO_CHOICE, type PaletteSelection } from './selection';

/** How many notes the palette lists for a query. */
const NOTE_LIMIT = 8;
const noteValue = (note: NoteView) => `note:${note.id}`;
const SEE_ALL = 'see-all';
const ASK = 'ask';
/** A question is at least two words: one word is a search or a command being typed. */
const isQuestion = (query: string) => query.trim().split(/\s+/).filter(Boolean).length >= 2;
const tagValue = (tag: string) => `tag:${tag}`;
/** How many tags the palette offers for a `#` query. */
const TAG_LIMIT = 6;

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: readonly PaletteCommand[];
  onCommand: (id: CommandId) => void;
  onOpenNote: (note: NoteView) => void;
  /** 'See all N results': the query's every match, on the dashboard's search. */
  onSeeAll: (query: string) => void;
  /** A tag chosen for `#tag` (issue 33): its notes on the dashboard. */
  onOpenTag: (tag: string) => void;
  /** 'Ask {name}: “…”' (issue 34): the query asked of the user's notes on the AI Chat page. */
  onAsk: (query: string) => void;
  /** The assistant's name, for the Ask item. */
  aiName: string;
  /** Keys typed between Ctrl+K and the palette taking focus (palette-provider.tsx): its query starts so. */
  typedAhead?: string;
}

const itemClass =
  'flex cursor-default items-center gap-3 rounded-lg px-3 py-2.5 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wider [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase';

export function CommandPalette({
  open,
  onOpenChange,
  commands,
  onCommand,
  onOpenNote,
  onSeeAll,
  onOpenTag,
  onAsk,
  aiName,
  typedAhead = '',
}: CommandPaletteProps) {
  const [query, setQuery] = useState(typedAhead);
  // More keys typed ahead while it mounts, before its field has focus: they are the query too.
  const [seenTypedAhead, setSeenTypedAhead] = useState(typedAhead);
  if (typedAhead !== seenTypedAhead) {
    setSeenTypedAhead(typedAhead);
    if (typedAhead) setQuery(typedAhead);
  }
  const field = useRef<HTMLInputElement>(null);
  const search = useNoteSearch(open ? query : '', 'all', NOTE_LIMIT);
  // A query of no searchable word (blank, one letter) answers every note newest first: the palette
  // lists notes only for words that matched.
  // A `#tag` query (issue 33) finds the notes of the tag: they match by their tags, with no word.
  const tagQuery = useMemo(() => splitTagQuery(query), [query]);
  const byTag = tagQuery.tags.length > 0 || tagQuery.typing !== null;
  const words = useMemo(
    () => (search.results ?? []).filter((result) => byTag || result.hit.terms.length > 0),
    [search.results, byTag],
  );
  // The notes found by meaning fill the places the word matches leave (a `#tag` query asks nothing).
  const meaning = useMeaningSearch(open && !byTag ? query : '', 'all', NOTE_LIMIT);
  const { answered: meaningQuery, matches: meaningMatches } = meaning;
  const found = useMemo(
    () =>
      withMeaning(words, search.answered?.query, { answered: meaningQuery, matches: meaningMatches }).slice(
        0,
        NOTE_LIMIT,
      ),
    [words, search.answered?.query, meaningQuery, meaningMatches],
  );
  // With only tags typed, the user's tags that the last one starts, to list their notes on the dashboard.
  const counts = useTagCounts(open && byTag);
  const tags = useMemo(() => {
    const typed = tagQuery.typing ?? tagQuery.tags.at(-1);
    if (!counts || typed === undefined || tagQuery.text.trim() !== '') return [];
    return [...counts].filter(([tag]) => tag.startsWith(typed)).slice(0, TAG_LIMIT);
  }, [counts, tagQuery]);
  const notes = useMemo(() => found.map((result) => result.note), [found]);
  // More matches than the palette lists: the last option shows them all on the dashboard.
  const more = words.length > 0 && (search.total ?? 0) > words.length ? (search.total ?? 0) : 0;
  const shown = useMemo(() => (byTag ? [] : filterCommands(commands, query)), [commands, query, byTag]);
  const grouped = useMemo(
    () => COMMAND_GROUPS.map((group) => ({ group, items: shown.filter((command) => command.group === group) })),
    [shown],
  );
  // A question to the assistant (issue 34) when the query reads as one and names no command.
  const asking = !byTag && isQuestion(query) && shown.length === 0;
  const options = useMemo(
    () => [
      ...tags.map(([tag]) => tagValue(tag)),
      ...notes.map(noteValue),
      ...(more > 0 ? [SEE_ALL] : []),
      ...grouped.flatMap(({ items }) => items.map((command) => command.id)),
      ...(asking ? [ASK] : []),
    ],
    [tags, notes, more, grouped, asking],
  );
  const [selection, setSelection] = useState<PaletteSelection>(NO_CHOICE);
  const active = activeOption(options, query, selection);
  // Set while cmdk handles a key or pointer move of the user: only then is its new value a choice.
  // React handles the capture and the bubble phase of an event in separate listeners (microtasks run
  // between them), so the flag is cleared by a task, after the whole event.
  const moving = useRef(false);
  const userMoves = () => {
    moving.current = true;
    setTimeout(() => {
      moving.current = false;
    }, 0);
  };
  // The field names the list and its active option (the options' ids are cmdk's).
  const list = useRef<HTMLDivElement>(null);
  const [ids, setIds] = useState<{ list?: string; active?: string }>({});
  useLayoutEffect(() => {
    const listId = list.current?.id;
    const item = [...(list.current?.querySelectorAll<HTMLElement>('[cmdk-item]') ?? [])].find(
      (el) => el.dataset.value === active,
    );
    setIds((before) =>
      before.list === listId && before.active === item?.id ? before : { list: listId, active: item?.id },
    );
  }, [active, options]);
  // After running a command the next screen places focus itself (a quick note's title); do not take it back.
  const ran = useRef(false);

  const run = (action: () => void) => {
    ran.current = true;
    onOpenChange(false);
    action();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) ran.current = false;
        else setQuery('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        showCloseButton={false}
        placement="top-[12vh] translate-y-0 gap-0 p-0 sm:max-w-xl"
        className="overflow-hidden"
        onOpenAutoFocus={(event) => {
          // Radix selects a field's text as it focuses it: a query typed ahead would go with the next key.
          event.preventDefault();
          const input = field.current;
          input?.focus();
          input?.setSelectionRange(input.value.length, input.value.length);
        }}
        onCloseAutoFocus={(event) => {
          if (ran.current) event.preventDefault();
        }}
      >
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Find a note or run a command. Use the arrow keys to choose and Enter to open.
        </DialogDescription>
        <Command
          shouldFilter={false}
          loop
          label="Find a note or run a command"
          value={active}
          onValueChange={(value) => {
            if (moving.current) setSelection({ query, chosen: value });
          }}
          onKeyDownCapture={(event: KeyboardEvent) => {
            if (isMoveKey(event)) userMoves();
          }}
          onPointerMoveCapture={userMoves}
        >
          <div className="flex items-center gap-2 border-b px-4">
            <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <input
              ref={field}
              type="text"
              role="combobox"
              aria-label="Find a note or run a command"
              aria-expanded="true"
              aria-autocomplete="list"
              aria-controls={ids.list}
              aria-activedescendant={ids.active}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Find a note or run a command…"
              className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
            />
          </div>
          <WordsOnlyNotice reason={meaning.wordsOnly} className="border-b px-4 py-2" />
          <Command.List ref={list} className="max-h-[min(60vh,26rem)] overflow-y-auto overscroll-contain p-1.5">
            <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
              Nothing found.
            </Command.Empty>
            {tags.length > 0 && (
              <Command.Group heading="Tags" className={groupClass}>
                {tags.map(([tag, count]) => (
                  <Command.Item
                    key={tag}
                    value={tagValue(tag)}
                    onSelect={() => run(() => onOpenTag(tag))}
                    className={itemClass}
                  >
                    <Hash aria-hidden="true" className="text-primary" />
                    <span className="min-w-0 flex-1 truncate">Notes tagged #{tag}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {count} {count === 1 ? 'note' : 'notes'}
                    </span>
                  </Command.Item>
                ))}
              </Command.Group>
            )}
            {notes.length > 0 && (
              <Command.Group heading="Notes" className={groupClass}>
                {found.map(({ note, hit, passage }) => {
                  const snippet = passage ? oneLine(markdownAsText(passage)) : noteSnippet(note, hit.terms);
                  const updated = formatUpdated(note.updated_at);
                  return (
                    <Command.Item
                      key={note.id}
                      value={noteValue(note)}
                      onSelect={() => run(() => onOpenNote(note))}
                      className={itemClass}
                    >
                      {note.is_checklist ? (
                        <ListChecks aria-hidden="true" className="text-primary" />
                      ) : (
                        <FileText aria-hidden="true" className="text-muted-foreground" />
                      )}
                      <span className="grid min-w-0 flex-1">
                        <span className="truncate">{note.title.trim() || 'Untitled'}</span>
                        {snippet && <span className="truncate text-xs text-muted-foreground">{snippet}</span>}
                      </span>
                      {passage && <MeaningBadge />}
                      {updated && (
                        <time dateTime={note.updated_at} className="shrink-0 text-xs text-muted-foreground">
                          {updated}
                        </time>
                      )}
                    </Command.Item>
                  );
                })}
                {more > 0 && (
                  <Command.Item
                    value={SEE_ALL}
                    onSelect={() => run(() => onSeeAll(query))}
                    className={cn(itemClass, 'text-primary')}
                  >
                    <Search aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate">See all {more} results</span>
                  </Command.Item>
                )}
              </Command.Group>
            )}
            {grouped.map(({ group, items }) => {
              if (items.length === 0) return null;
              return (
                <Command.Group key={group} heading={group} className={groupClass}>
                  {items.map((command) => (
                    <Command.Item
                      key={command.id}
                      value={command.id}
                      onSelect={() => run(() => onCommand(command.id))}
                      className={itemClass}
                    >
                      <span className="min-w-0 flex-1 truncate">{command.label}</span>
                      {command.shortcut && (
                        <kbd
                          className={cn(
                            'rounded border bg-muted px-1.5 font-mono text-[11px] leading-5 text-muted-foreground',
                          )}
                        >
                          {command.shortcut}
                        </kbd>
                      )}
                    </Command.Item>
                  ))}
                </Command.Group>
              );
            })}
            {/* Last: found notes and commands come first, a question is what is left. */}
            {asking && (
              <Command.Group heading="Ask" className={groupClass}>
                <Command.Item value={ASK} onSelect={() => run(() => onAsk(query))} className={itemClass}>
                  <MessageCircleQuestion aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">
                    Ask {aiName}: “{query.trim()}”
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">from your notes</span>
                </Command.Item>
              </Command.Group>
            )}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
