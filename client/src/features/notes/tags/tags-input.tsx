// The note's own tags as chips (issue 33), on the edit screen and so on a quick note: type a tag and press
// Enter, a comma or a space; Backspace in the empty field takes the last chip off. The user's other tags
// are offered as they type. Tags written as `#tag` in the text are the note's too: they are listed, not
// edited, here.
import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { NOTE_LIMITS } from '#core/note-constants';
import { normalizeTag } from '#core/tags';
import { useTagCounts } from '../../../data/notes';
import { Label } from '../../../components/ui/label';

export interface TagsInputProps {
  tags: readonly string[];
  onChange: (tags: string[] | null) => void;
  /** The tags the note's text names with `#tag`, shown beside the chips. */
  textTags?: readonly string[];
}

const COMMIT_KEYS = new Set(['Enter', ',', ' ']);

export function TagsInput({ tags, onChange, textTags = [] }: TagsInputProps) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const known = useTagCounts();
  const full = tags.length >= NOTE_LIMITS.tags;

  const set = (next: string[]) => onChange(next.length === 0 ? null : next);
  const commit = (): boolean => {
    if (draft.trim() === '') return false;
    const tag = normalizeTag(draft);
    if (tag === null) {
      setInvalid(true);
      return true;
    }
    if (!tags.includes(tag) && !full) set([...tags, tag]);
    setDraft('');
    setInvalid(false);
    return true;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter never submits the form from here: with a draft it adds the tag, without one it does nothing.
    if (COMMIT_KEYS.has(event.key)) {
      if (commit() || event.key === 'Enter') event.preventDefault();
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      set(tags.slice(0, -1));
    }
  };
  const fromText = textTags.filter((tag) => !tags.includes(tag));
  const suggestions = known ? [...known.keys()].filter((tag) => !tags.includes(tag)) : [];

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Tags</Label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-background px-2 py-1.5 focus-within:ring-2 focus-within:ring-ring">
        <ul aria-label="Tags of this note" className="contents">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-0.5 rounded-full bg-secondary py-0.5 pr-0.5 pl-2 text-xs font-medium text-secondary-foreground"
            >
              #{tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => set(tags.filter((kept) => kept !== tag))}
                className="rounded-full p-0.5 text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          value={draft}
          list={listId}
          disabled={full}
          autoComplete="off"
          enterKeyHint="done"
          placeholder={
            full ? `At most ${NOTE_LIMITS.tags} tags` : tags.length === 0 ? 'Add a tag, e.g. work/launch' : 'Add a tag'
          }
          aria-describedby={hintId}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit()}
          className="h-7 min-w-32 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground [&::-webkit-calendar-picker-indicator]:hidden"
        />
        <datalist id={listId}>
          {suggestions.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {invalid ? (
          <span className="text-destructive">A tag holds letters, digits, _ and -, in names joined by /.</span>
        ) : fromText.length > 0 ? (
          <>From the text: {fromText.map((tag) => `#${tag}`).join(' ')}</>
        ) : (
          <>Press Enter to add a tag. Writing #tag in the text tags the note too.</>
        )}
      </p>
    </div>
  );
}
