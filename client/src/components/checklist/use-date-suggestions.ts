// Dates typed in items' text (issue 35): 'call the venue next Friday' offers 'Set due Fri 3 Apr?' under
// the item, and only the user's click dates it. The text is read when the user writes it (an item added or
// edited, or with `checkAll` every item, for a plan's steps as they arrive), never on every screen that
// shows a checklist: the date parser (chrono-node) is large and loads only then.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChecklistItem } from '#core/note';
import type { DatePhrase } from '#core/date-phrases';
import { deviceTimeZone } from '../../lib/time-zone';

/** A phrase found in an item's text, for that text. */
export interface FoundDate {
  text: string;
  found: DatePhrase;
}

const loadPhrases = () => import('#core/date-phrases');

// Texts the user wrote in an item on this page, kept across the list being drawn anew (a save can do that
// between the typing and the reading): a list shown afresh still reads these.
const written = new Set<string>();

/** Marks `text` as just written by the user into an item: its date is offered wherever the list is shown. */
export function markWritten(text: string): void {
  if (written.size > 200) written.clear();
  written.add(text);
}

/** The items' texts to read: new or changed since last seen, still without a date. */
export function textsToCheck(
  items: readonly ChecklistItem[],
  seen: ReadonlyMap<string, string>,
): { id: string; text: string }[] {
  return items
    .filter((item) => !item.completed && !item.due && seen.get(item.id) !== item.text)
    .map(({ id, text }) => ({ id, text }));
}

/**
 * The suggestion to show under each item, by item id, and `dismiss` for one. A suggestion holds while the
 * item's text is the one it was found in and the item has no date.
 */
export function useDateSuggestions(
  items: readonly ChecklistItem[],
  checkAll = false,
): { suggestionOf: (item: ChecklistItem) => DatePhrase | null; dismiss: (item: ChecklistItem) => void } {
  const [found, setFound] = useState<ReadonlyMap<string, FoundDate>>(() => new Map());
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  // The texts already read (or, without checkAll, there when the list was first shown).
  const seen = useRef<Map<string, string> | null>(null);

  useEffect(() => {
    seen.current ??= new Map(
      checkAll ? [] : items.filter((item) => !written.has(item.text)).map((item) => [item.id, item.text]),
    );
    const wanted = textsToCheck(items, seen.current);
    for (const item of items) seen.current.set(item.id, item.text);
    if (wanted.length === 0) return;
    loadPhrases().then(
      ({ findDatePhrase, prefersDayFirst }) => {
        const now = new Date();
        const timeZone = deviceTimeZone();
        const dayFirst = prefersDayFirst(navigator.language || 'en-GB');
        setFound((current) => {
          const next = new Map(current);
          for (const { id, text } of wanted) {
            const phrase = findDatePhrase(text, now, timeZone, { dayFirst });
            if (phrase) next.set(id, { text, found: phrase });
            else next.delete(id);
          }
          return next;
        });
      },
      // Offline before the parser was ever loaded: no suggestion, the date picker still works.
      () => undefined,
    );
  }, [items, checkAll]);

  const suggestionOf = useCallback(
    (item: ChecklistItem): DatePhrase | null => {
      const entry = found.get(item.id);
      if (!entry || entry.text !== item.text || item.due || item.completed) return null;
      return dismissed.has(`${item.id}\n${item.text}`) ? null : entry.found;
    },
    [found, dismissed],
  );
  const dismiss = useCallback((item: ChecklistItem) => {
    setDismissed((current) => new Set(current).add(`${item.id}\n${item.text}`));
  }, []);
  return { suggestionOf, dismiss };
}
