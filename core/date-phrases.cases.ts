// The fixed table the date-phrase reader is scored on (issue 35: at least 50 English phrases with expected
// dates relative to a fixed now and zone, with month ends, a leap day and clock changes, goal 90 % exact),
// and the scoring the test and the closing note quote. Expected values were worked out by hand.
import type { Repeat } from './note-constants';
import { findDatePhrase, type DatePhraseOptions } from './date-phrases';

interface Context {
  now: string;
  zone: string;
}

/** Wednesday 25 March 2026, 10:00 in London: four days before the clocks go forward (Sunday 01:00 GMT). */
const LONDON: Context = { now: '2026-03-25T10:00:00.000Z', zone: 'Europe/London' };
/** Friday 6 March 2026, 10:00 in New York: two days before the clocks go forward (Sunday 02:00 EST). */
const NEW_YORK: Context = { now: '2026-03-06T15:00:00.000Z', zone: 'America/New_York' };
/** Wednesday 25 March 2026, 19:00 in Tokyo (no clock changes). */
const TOKYO: Context = { now: '2026-03-25T10:00:00.000Z', zone: 'Asia/Tokyo' };
/** Wednesday 1 April 2026, 00:30 in Tokyo, while it is still 31 March in London and UTC. */
const TOKYO_MIDNIGHT: Context = { now: '2026-03-31T15:30:00.000Z', zone: 'Asia/Tokyo' };
/** Sunday 20 February 2028, noon in London: a leap year. */
const LEAP: Context = { now: '2028-02-20T12:00:00.000Z', zone: 'Europe/London' };
/** Saturday 31 January 2026, 10:00 in London: a month's last day. */
const MONTH_END: Context = { now: '2026-01-31T10:00:00.000Z', zone: 'Europe/London' };
/** Wednesday 30 December 2026, 10:00 in London. */
const YEAR_END: Context = { now: '2026-12-30T10:00:00.000Z', zone: 'Europe/London' };
/** Friday 23 October 2026, 10:00 BST in London: two days before the clocks go back (Sunday 02:00 BST). */
const AUTUMN: Context = { now: '2026-10-23T09:00:00.000Z', zone: 'Europe/London' };

export interface DatePhraseCase {
  text: string;
  context: Context;
  /** The stored due expected, or null for no suggestion. */
  due: string | null;
  repeat?: Repeat;
  /** Text that holds no date phrase at all: it must give null, whatever the score. */
  negative?: true;
  options?: DatePhraseOptions;
}

const at = (context: Context, text: string, due: string | null, repeat?: Repeat): DatePhraseCase => ({
  text,
  context,
  due,
  ...(repeat ? { repeat } : {}),
});
const none = (text: string): DatePhraseCase => ({ text, context: LONDON, due: null, negative: true });

export const DATE_PHRASE_CASES: readonly DatePhraseCase[] = [
  at(LONDON, 'today', '2026-03-25'),
  at(LONDON, 'tomorrow', '2026-03-26'),
  at(LONDON, 'call mum tonight', '2026-03-25'),
  at(LONDON, 'call the venue next Friday', '2026-04-03'),
  at(LONDON, 'pay the deposit on Friday', '2026-03-27'),
  at(LONDON, 'call the venue by 31 March', '2026-03-31'),
  at(LONDON, 'send slides March 31', '2026-03-31'),
  at(LONDON, 'pay rent 31/03', '2026-03-31'),
  at(LONDON, 'pay rent 03/31', '2026-03-31'),
  at(LONDON, 'book the hall 04/05', '2026-05-04'),
  { ...at(LONDON, 'book the hall 04/05', '2026-04-05'), options: { dayFirst: false } },
  at(LONDON, 'renew passport in 3 days', '2026-03-28'),
  at(LONDON, 'follow up in two weeks', '2026-04-08'),
  at(LONDON, 'submit invoices by end of month', '2026-03-31'),
  at(LONDON, 'draft the plan by the end of the week', '2026-03-27'),
  at(LONDON, 'start the course next week', '2026-03-30'),
  at(LONDON, 'plan the trip next month', '2026-04-01'),
  at(LONDON, 'stand-up at 9am', '2026-03-26T09:00:00.000Z'),
  at(LONDON, 'dentist tomorrow at 14:30', '2026-03-26T14:30:00.000Z'),
  at(LONDON, 'team sync every Monday', '2026-03-30', 'weekly'),
  at(LONDON, 'take vitamins every day at 8', '2026-03-26T08:00:00.000Z', 'daily'),
  at(LONDON, 'pay rent monthly', '2026-03-25', 'monthly'),
  // Monday is after the clocks go forward: 09:00 BST.
  at(LONDON, 'gym every Monday at 9am', '2026-03-30T08:00:00.000Z', 'weekly'),
  at(LONDON, 'call the bank Sunday at 9am', '2026-03-29T08:00:00.000Z'),
  at(LONDON, 'book flights in 5 days at 10am', '2026-03-30T09:00:00.000Z'),
  at(LONDON, 'water plants daily at 7pm', '2026-03-25T19:00:00.000Z', 'daily'),
  at(LONDON, 'meet Sam at 5', '2026-03-25T17:00:00.000Z'),
  at(LONDON, 'report due on Friday', '2026-03-27'),
  at(LONDON, 'lunch with Jo at noon tomorrow', '2026-03-26T12:00:00.000Z'),
  at(LONDON, 'check the oven in 2 hours', '2026-03-25T12:00:00.000Z'),
  at(LONDON, 'stretch in half an hour', '2026-03-25T10:30:00.000Z'),
  at(LONDON, 'pay the invoice by the 15th', '2026-04-15'),
  at(LONDON, 'newsletter monthly on the 1st', '2026-04-01', 'monthly'),
  at(LONDON, 'finish the draft this week', '2026-03-27'),
  at(LONDON, 'review it a week from today', '2026-04-01'),
  at(LONDON, 'the day after tomorrow', '2026-03-27'),
  at(LONDON, 'call the venue Fri', '2026-03-27'),
  at(LONDON, 'renew insurance on 1 April', '2026-04-01'),
  at(LONDON, 'dinner tonight at 8', '2026-03-25T20:00:00.000Z'),
  at(LONDON, 'file taxes by 5 April', '2026-04-05'),
  at(LONDON, 'mow the lawn this Friday', '2026-03-27'),
  // Today is a Wednesday: a bare weekday is next week's.
  at(LONDON, 'call back Wednesday', '2026-04-01'),
  at(LONDON, 'send a card on 1 March', '2027-03-01'),
  at(LONDON, 'update the CV by 2026-04-10', '2026-04-10'),
  at(LONDON, 'clean the fridge once a week', '2026-03-25', 'weekly'),
  at(LONDON, 'bins every Wednesday', '2026-03-25', 'weekly'),
  at(LONDON, 'close the books by 31/12/2026', '2026-12-31'),
  at(LONDON, 'submit by Friday 5pm', '2026-03-27T17:00:00.000Z'),
  at(LONDON, 'quick call this afternoon', '2026-03-25'),
  // No 29 February in 2026: no suggestion rather than a made-up day.
  at(LONDON, 'pay the 29 Feb invoice', null),

  at(NEW_YORK, 'tomorrow at 9am', '2026-03-07T14:00:00.000Z'),
  at(NEW_YORK, 'Sunday at 9am', '2026-03-08T13:00:00.000Z'),
  // 02:30 never happens that Sunday: the clocks jump to 03:00 EDT.
  at(NEW_YORK, 'Sunday at 2:30am', '2026-03-08T07:30:00.000Z'),
  at(NEW_YORK, 'every day at 8am', '2026-03-07T13:00:00.000Z', 'daily'),
  at(NEW_YORK, 'next Monday', '2026-03-09'),
  at(NEW_YORK, 'Monday at 10am', '2026-03-09T14:00:00.000Z'),
  at(NEW_YORK, 'tonight', '2026-03-06'),
  at(NEW_YORK, 'end of month', '2026-03-31'),
  at(NEW_YORK, 'in 3 days', '2026-03-09'),
  at(NEW_YORK, 'at 11pm', '2026-03-07T04:00:00.000Z'),

  at(TOKYO, 'tomorrow', '2026-03-26'),
  at(TOKYO, 'at 9am', '2026-03-26T00:00:00.000Z'),
  at(TOKYO, 'tonight at 10', '2026-03-25T13:00:00.000Z'),
  at(TOKYO, 'next Friday', '2026-04-03'),
  at(TOKYO, 'in 2 hours', '2026-03-25T12:00:00.000Z'),
  at(TOKYO_MIDNIGHT, 'today', '2026-04-01'),
  at(TOKYO_MIDNIGHT, 'tomorrow', '2026-04-02'),
  at(TOKYO_MIDNIGHT, 'end of month', '2026-04-30'),

  at(LEAP, 'end of month', '2028-02-29'),
  at(LEAP, 'by 29 Feb', '2028-02-29'),
  at(LEAP, '29/02', '2028-02-29'),
  at(LEAP, 'in 9 days', '2028-02-29'),
  at(LEAP, 'next week', '2028-02-21'),
  at(LEAP, 'next Tuesday', '2028-02-22'),
  at(LEAP, 'end of the week', '2028-02-25'),
  at(LEAP, 'next month', '2028-03-01'),
  at(LEAP, 'monthly on the 29th', '2028-02-29', 'monthly'),

  at(MONTH_END, 'in a month', '2026-02-28'),
  at(MONTH_END, 'a month from today', '2026-02-28'),
  at(MONTH_END, 'next month', '2026-02-01'),
  at(MONTH_END, 'end of month', '2026-01-31'),
  at(MONTH_END, 'tomorrow', '2026-02-01'),
  at(MONTH_END, 'by the 31st', '2026-01-31'),

  at(YEAR_END, 'next month', '2027-01-01'),
  at(YEAR_END, 'Jan 5', '2027-01-05'),
  at(YEAR_END, 'end of the week', '2027-01-01'),
  at(YEAR_END, 'in 3 days', '2027-01-02'),

  // Sunday is after the clocks go back: 09:00 GMT; 01:30 happens twice, and the first is meant.
  at(AUTUMN, 'Sunday at 9am', '2026-10-25T09:00:00.000Z'),
  at(AUTUMN, 'tomorrow at 9am', '2026-10-24T08:00:00.000Z'),
  at(AUTUMN, 'Sunday at 1:30am', '2026-10-25T00:30:00.000Z'),
  at(AUTUMN, 'every Friday at 9am', '2026-10-30T09:00:00.000Z', 'weekly'),
  at(AUTUMN, 'Friday', '2026-10-30'),

  // A second batch, written before it was first run (37 of 42 then; the fixes followed).
  at(LONDON, 'call the plumber Thursday', '2026-03-26'),
  at(LONDON, 'send the report by Monday', '2026-03-30'),
  at(LONDON, 'book the table for Saturday at 7pm', '2026-03-28T19:00:00.000Z'),
  at(LONDON, 'pick up the kids at 3:30pm', '2026-03-25T15:30:00.000Z'),
  at(LONDON, 'renew the lease on April 15', '2026-04-15'),
  at(LONDON, 'due 10 April', '2026-04-10'),
  at(LONDON, 'tax return by 31st January', '2027-01-31'),
  at(LONDON, 'meeting on the 2nd', '2026-04-02'),
  at(LONDON, 'in 10 minutes', '2026-03-25T10:10:00.000Z'),
  at(LONDON, 'call grandma this evening', '2026-03-25'),
  at(LONDON, 'check mail every morning', '2026-03-25', 'daily'),
  at(LONDON, 'pay bills on Mondays', '2026-03-30', 'weekly'),
  at(LONDON, 'review goals every month', '2026-03-25', 'monthly'),
  at(LONDON, 'send the invoice next Wednesday', '2026-04-01'),
  at(LONDON, 'in 3 weeks', '2026-04-15'),
  at(LONDON, 'by tomorrow evening', '2026-03-26'),
  at(LONDON, 'tomorrow 8:15', '2026-03-26T08:15:00.000Z'),
  at(LONDON, 'by 6 pm today', '2026-03-25T18:00:00.000Z'),
  at(LONDON, 'on Tuesday 31 March', '2026-03-31'),
  at(LONDON, 'April 2nd', '2026-04-02'),
  at(LONDON, 'for 12/04', '2026-04-12'),
  at(LONDON, 'Apr 30', '2026-04-30'),
  at(LONDON, 'next Sunday', '2026-04-05'),
  at(LONDON, 'in a fortnight', '2026-04-08'),
  at(LONDON, 'end of next week', '2026-04-03'),
  at(LONDON, 'call at 9.30', '2026-03-26T09:30:00.000Z'),
  at(LONDON, 'lunch at noon', '2026-03-25T12:00:00.000Z'),
  at(LONDON, 'by midnight', '2026-03-26T00:00:00.000Z'),
  at(LONDON, 'standup every weekday at 9', null),

  // A third batch, also written before it was first run (32 of 33 then: 'of each month' did not join).
  at(LONDON, 'email Tom first thing tomorrow', '2026-03-26'),
  at(LONDON, 'haircut Saturday 10:30', '2026-03-28T10:30:00.000Z'),
  at(LONDON, 'deadline: 3 April', '2026-04-03'),
  at(LONDON, 'by Thursday noon', '2026-03-26T12:00:00.000Z'),
  at(LONDON, 'prep slides for the 30th', '2026-03-30'),
  at(LONDON, 'next Thursday at 4pm', '2026-04-02T15:00:00.000Z'),
  at(LONDON, 'remind me in 45 minutes', '2026-03-25T10:45:00.000Z'),
  at(LONDON, 'every Sunday evening', '2026-03-29', 'weekly'),
  at(LONDON, 'weekly review on Fridays', '2026-03-27', 'weekly'),
  at(LONDON, 'pay council tax on the 1st of each month', '2026-04-01', 'monthly'),
  at(LONDON, 'Friday 13:00', '2026-03-27T13:00:00.000Z'),
  at(LONDON, 'call the school Monday morning', '2026-03-30'),
  at(LONDON, 'send it on 30/3', '2026-03-30'),
  at(LONDON, 'in two days', '2026-03-27'),
  // 10:00 is now, no longer ahead: tomorrow's.
  at(LONDON, 'at 10', '2026-03-26T10:00:00.000Z'),
  at(LONDON, 'in 1 hour', '2026-03-25T11:00:00.000Z'),
  at(LONDON, 'water the garden every 3 days', null),
  at(NEW_YORK, 'tomorrow night', '2026-03-07'),
  at(NEW_YORK, 'by Sunday at noon', '2026-03-08T16:00:00.000Z'),
  // Today is a Friday: the Friday of next week.
  at(NEW_YORK, 'next Friday', '2026-03-13'),
  at(NEW_YORK, 'every weekday', null),
  at(TOKYO, 'by tonight', '2026-03-25'),
  at(TOKYO, 'tomorrow at 7', '2026-03-26T10:00:00.000Z'),

  none('call Mark about the 3 options'),
  none('buy 2 apples'),
  none('read chapter 5'),
  none('ask May about the budget'),
  none('walk in the sun'),
  none('Sat with Jo to plan the party'),
  none('look at 3 options'),
  none('add 1/2 cup flour'),
  none('get a second opinion'),
  none('playlist of songs from the 90s'),
  none('write the weekly report'),
  none('prepare the daily standup notes'),
  none('the monthly budget review'),
  none('plan the March campaign'),
  none('ship version 1.2.3'),
  none('review the 2024 budget'),
  none('hire 3 people for the evening class'),
  none('sell 3/4 of the stock'),
  none('do it now'),
  none('ASAP'),
  none('buy a new watch'),
  none('fix the 404 page'),
  none('order 12 pens'),
  none('call Augustine'),
  none('Jan to send the slides'),
  none('meet at the café'),
  none('print 10 copies at 50% size'),
  none('Mark the 2 boxes'),
  none('watch Friday Night Lights'),
  none('the 5:2 diet plan'),
  none('score 10/10'),
  none('open a sunday school'),
  none('pick 5 winners'),
  none('try the may queen costume'),
  none('add the second chapter'),
  none('book for 2'),
  none('fix issue #12'),
  none('sun cream'),
  none('a day in the life'),
  none('the night shift rota'),
  none('prepare a 10 minute talk'),
  none('march with the band'),
  // Dates, but not dues: a past day is a reference, and a repeat an item cannot hold is not offered.
  at(LONDON, 'what did we decide last Friday', null),
  at(LONDON, 'thank Ana for yesterday', null),
  at(LONDON, 'plan next year', null),
  at(LONDON, 'team lunch every other Friday', null),
];

export interface DatePhraseMiss {
  text: string;
  zone: string;
  expected: { due: string | null; repeat?: Repeat };
  got: { due: string | null; repeat?: Repeat };
}

/** Runs the table: how many cases give exactly the expected due and repeat, and the ones that do not. */
export function scoreDatePhrases(cases: readonly DatePhraseCase[] = DATE_PHRASE_CASES): {
  exact: number;
  total: number;
  misses: DatePhraseMiss[];
} {
  const misses: DatePhraseMiss[] = [];
  for (const item of cases) {
    const found = findDatePhrase(item.text, new Date(item.context.now), item.context.zone, item.options);
    const got = { due: found?.due ?? null, ...(found?.repeat ? { repeat: found.repeat } : {}) };
    if (got.due !== item.due || got.repeat !== item.repeat) {
      const expected = { due: item.due, ...(item.repeat ? { repeat: item.repeat } : {}) };
      misses.push({ text: item.text, zone: item.context.zone, expected, got });
    }
  }
  return { exact: cases.length - misses.length, total: cases.length, misses };
}
