// Dates typed in an item's text: the scored table of issue 35, the shape of what is found, and no date
// where the text holds none.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findDatePhrase, prefersDayFirst } from './date-phrases';
import { DATE_PHRASE_CASES, scoreDatePhrases } from './date-phrases.cases';
import { dueDayOf, parseDue } from './due-dates';
import { dayInZone } from './zoned-time';

// core's projects see neither the DOM's nor Node's types; the score is printed all the same.
declare const console: { info(...data: unknown[]): void };

const LONDON = 'Europe/London';
/** Wednesday 25 March 2026, 10:00 in London. */
const NOW = new Date('2026-03-25T10:00:00.000Z');

describe('the phrase table (issue 35)', () => {
  it('covers what the issue asks for', () => {
    const dues = DATE_PHRASE_CASES.map((item) => item.due ?? '');
    expect(DATE_PHRASE_CASES.length).toBeGreaterThanOrEqual(60);
    expect(DATE_PHRASE_CASES.filter((item) => item.negative).length).toBeGreaterThanOrEqual(12);
    expect(dues.some((due) => due.startsWith('2028-02-29'))).toBe(true);
    expect(dues.some((due) => due.startsWith('2026-01-31') || due.startsWith('2026-02-28'))).toBe(true);
    const zones = new Set(DATE_PHRASE_CASES.map((item) => item.context.zone));
    expect([...zones]).toEqual(expect.arrayContaining([LONDON, 'America/New_York', 'Asia/Tokyo']));
  });

  const { exact, total, misses } = scoreDatePhrases();
  it(`reads at least 90 % of the phrases exactly (${exact}/${total})`, () => {
    console.info(`date phrases: ${exact}/${total} exact (${((100 * exact) / total).toFixed(1)} %)`, misses);
    expect(exact / total).toBeGreaterThanOrEqual(0.9);
  });

  it('finds no date in any text without a date phrase', () => {
    const negatives = DATE_PHRASE_CASES.filter((item) => item.negative);
    const found = negatives.filter((item) => findDatePhrase(item.text, new Date(item.context.now), item.context.zone));
    expect(found.map((item) => item.text)).toEqual([]);
  });

  it('gives every phrase found as typed, a stored due from today on, and the text without it', () => {
    for (const item of DATE_PHRASE_CASES) {
      const now = new Date(item.context.now);
      const found = findDatePhrase(item.text, now, item.context.zone, item.options);
      if (!found) continue;
      expect(item.text.slice(found.index, found.index + found.phrase.length)).toBe(found.phrase);
      expect(parseDue(found.due)).not.toBeNull();
      expect(dueDayOf(found.due, item.context.zone)! >= dayInZone(now, item.context.zone)).toBe(true);
      expect(found.textWithout).not.toContain(found.phrase);
    }
  });
});

describe('findDatePhrase', () => {
  it('gives the phrase, where it is, the due and the text without it', () => {
    expect(findDatePhrase('call the venue by 31 March', NOW, LONDON)).toEqual({
      phrase: '31 March',
      index: 18,
      due: '2026-03-31',
      textWithout: 'call the venue',
    });
    expect(findDatePhrase('gym every Monday at 9am, then work', NOW, LONDON)).toEqual({
      phrase: 'every Monday at 9am',
      index: 4,
      due: '2026-03-30T08:00:00.000Z',
      repeat: 'weekly',
      textWithout: 'gym, then work',
    });
  });

  it.each([
    ['report due on Friday', 'report'],
    ['report due by Friday.', 'report.'],
    ['Tomorrow: call the venue', 'call the venue'],
    ['call the venue next Friday about the deposit', 'call the venue about the deposit'],
    ['lunch at noon tomorrow', 'lunch'],
    ['call later today', 'call'],
    ['pay rent monthly', 'pay rent'],
    // A plan's step ends with its deadline in brackets (server/src/ai/prompts.ts).
    ['Send the invitations (by next Friday)', 'Send the invitations'],
    ['Book the hall (by Friday 27 March), then pay', 'Book the hall, then pay'],
    ['Call [due tomorrow]', 'Call'],
  ])('tidies %j to %j', (text, without) => {
    expect(findDatePhrase(text, NOW, LONDON)?.textWithout).toBe(without);
  });

  it('reads slash dates day first unless told otherwise, and the unambiguous ones either way', () => {
    expect(findDatePhrase('04/05', NOW, LONDON)?.due).toBe('2026-05-04');
    expect(findDatePhrase('04/05', NOW, LONDON, { dayFirst: false })?.due).toBe('2026-04-05');
    for (const dayFirst of [true, false]) {
      expect(findDatePhrase('31/03', NOW, LONDON, { dayFirst })?.due).toBe('2026-03-31');
      expect(findDatePhrase('03/31', NOW, LONDON, { dayFirst })?.due).toBe('2026-03-31');
      expect(findDatePhrase('March 31', NOW, LONDON, { dayFirst })?.due).toBe('2026-03-31');
    }
  });

  it('takes the first date when there are two', () => {
    expect(findDatePhrase('move the 31 March call to 2 April', NOW, LONDON)?.due).toBe('2026-03-31');
  });

  it('joins a repeat and a date only when they stand together', () => {
    expect(findDatePhrase('every day take the pills at 8', NOW, LONDON)).toMatchObject({
      phrase: 'every day',
      due: '2026-03-25',
      repeat: 'daily',
    });
  });

  it('reads a bare hour from 1 to 7 as p.m., and the rest as written', () => {
    expect(findDatePhrase('meet at 7', NOW, LONDON)?.due).toBe('2026-03-25T19:00:00.000Z');
    expect(findDatePhrase('meet at 8', NOW, LONDON)?.due).toBe('2026-03-26T08:00:00.000Z');
    expect(findDatePhrase('meet at 7am', NOW, LONDON)?.due).toBe('2026-03-26T07:00:00.000Z');
  });

  it('reads a time that names its zone in that zone', () => {
    expect(findDatePhrase('call at 9am EST', NOW, LONDON)?.due).toBe('2026-03-25T14:00:00.000Z');
  });

  it('adds hours to the instant, whatever the clocks do in between', () => {
    // 00:30 GMT on the night London's clocks go forward: two hours later is 03:30 BST.
    const night = new Date('2026-03-29T00:30:00.000Z');
    expect(findDatePhrase('in 2 hours', night, LONDON)?.due).toBe('2026-03-29T02:30:00.000Z');
  });

  it('prefers dayFirst from the locale', () => {
    expect(prefersDayFirst('en-GB')).toBe(true);
    expect(prefersDayFirst('en-AU')).toBe(true);
    expect(prefersDayFirst('en-US')).toBe(false);
  });

  it('never throws, and never offers a day before today (property)', () => {
    const words = ['call', 'Friday', 'at', '9', 'the', 'next', 'every', 'May', 'by', '31/03', 'in', '2', 'days', 'ago'];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(fc.constantFrom(...words)).map((list) => list.join(' ')),
        ),
        (text) => {
          const found = findDatePhrase(text, NOW, LONDON);
          if (found) expect(dueDayOf(found.due, LONDON)! >= '2026-03-25').toBe(true);
        },
      ),
    );
  });
});
