// Repeats typed in an item's text ('every Monday', 'daily', 'pay rent monthly'), for date-phrases.ts.
// chrono-node reads no repeats, so they are found here, before it runs.
import type { Repeat } from './note-constants';

export interface FoundRepeat {
  index: number;
  end: number;
  repeat: Repeat;
  /** For 'every Monday' and 'on Mondays': the day of the week, 0 for Sunday. */
  weekday?: number;
}

const WEEKDAY = String.raw`(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tues?|wed|thu(?:rs?)?|fri|sat)`;
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

// 'daily', 'weekly' and 'monthly' are adjectives as often as not ('the weekly report', 'daily standup'):
// they count only at the end of the text or of a clause, or before a time or a date ('daily at 8').
const ADVERB_END = String.raw`(?=\s*$|\s*[.,;:!?)]|\s+(?:at|on|from|starting|until|by|before)\b)`;

const RULES: ReadonlyArray<{ pattern: RegExp; repeat: Repeat }> = [
  { pattern: /\b(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night)\b/i, repeat: 'daily' },
  { pattern: /\b(?:every|each)\s+week\b/i, repeat: 'weekly' },
  { pattern: /\bonce\s+a\s+day\b/i, repeat: 'daily' },
  { pattern: /\bonce\s+a\s+week\b/i, repeat: 'weekly' },
  { pattern: /\bonce\s+a\s+month\b/i, repeat: 'monthly' },
  { pattern: /\b(?:every|each)\s+month\b/i, repeat: 'monthly' },
  { pattern: new RegExp(String.raw`\b(?:every|each)\s+${WEEKDAY}s?\b`, 'i'), repeat: 'weekly' },
  { pattern: new RegExp(String.raw`\bon\s+${WEEKDAY}s\b`, 'i'), repeat: 'weekly' },
  { pattern: new RegExp(String.raw`\bdaily${ADVERB_END}`, 'i'), repeat: 'daily' },
  { pattern: new RegExp(String.raw`\bweekly${ADVERB_END}`, 'i'), repeat: 'weekly' },
  { pattern: new RegExp(String.raw`\bmonthly${ADVERB_END}`, 'i'), repeat: 'monthly' },
];

// Repeats an item cannot store (it holds daily, weekly or monthly): better no suggestion than a wrong one.
const UNSUPPORTED = new RegExp(
  String.raw`\b(?:every|each)\s+(?:other|second|third|\d+|two|three|four|five|six|couple|few|weekday|weekend|working\s+day|business\s+day|year|hour|minute|quarter|fortnight)|\b(?:twice|\w+\s+times)\s+a\s+(?:day|week|month)|\b(?:yearly|annually|hourly|fortnightly|bi-?weekly|bi-?monthly|quarterly|weekdays|weeknights)\b`,
  'i',
);

/** The first repeat in `text`; 'unsupported' when it names one an item cannot hold. */
export function findRepeat(text: string): FoundRepeat | 'unsupported' | null {
  if (UNSUPPORTED.test(text)) return 'unsupported';
  let first: FoundRepeat | null = null;
  for (const { pattern, repeat } of RULES) {
    const match = pattern.exec(text);
    if (!match || (first && first.index <= match.index)) continue;
    const weekday = match[1] ? WEEKDAY_KEYS.indexOf(match[1].slice(0, 3).toLowerCase()) : -1;
    first = { index: match.index, end: match.index + match[0].length, repeat, ...(weekday >= 0 ? { weekday } : {}) };
  }
  return first;
}
