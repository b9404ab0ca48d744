// The date dialog's form and the due it stands for, and the due written out for a sentence.
import { describe, expect, it } from 'vitest';
import { formOf, membersOf } from './due-form';
import { dueText } from './due-text';

const ZONE = 'America/New_York';
const NOW = new Date('2026-03-27T14:00:00.000Z');

describe('membersOf', () => {
  it('gives a day without a time, and no reminder', () => {
    expect(membersOf({ date: '2026-04-03', time: '', repeat: 'none', remind: true }, ZONE)).toEqual({
      due: '2026-04-03',
    });
  });

  it('gives the instant a time is in the zone, with its repeat and reminder', () => {
    // New York is on EDT (UTC-4) from 8 March 2026.
    expect(membersOf({ date: '2026-04-03', time: '09:30', repeat: 'weekly', remind: true }, ZONE)).toEqual({
      due: '2026-04-03T13:30:00.000Z',
      repeat: 'weekly',
      remind: true,
    });
    expect(membersOf({ date: '2026-04-03', time: '09:30:00', repeat: 'none', remind: false }, ZONE)).toEqual({
      due: '2026-04-03T13:30:00.000Z',
    });
  });

  it('gives nothing without a real date', () => {
    expect(membersOf({ date: '', time: '09:00', repeat: 'daily', remind: true }, ZONE)).toBeNull();
    expect(membersOf({ date: '2026-02-30', time: '', repeat: 'none', remind: false }, ZONE)).toBeNull();
  });
});

describe('formOf', () => {
  it('shows an instant as its day and time in the zone', () => {
    expect(formOf({ due: '2026-04-04T02:30:00.000Z', repeat: 'daily', remind: true }, ZONE)).toEqual({
      date: '2026-04-03',
      time: '22:30',
      repeat: 'daily',
      remind: true,
    });
  });

  it('is empty for an item without a date, and round-trips a day', () => {
    expect(formOf({}, ZONE)).toEqual({ date: '', time: '', repeat: 'none', remind: false });
    const form = formOf({ due: '2026-04-03', repeat: 'monthly' }, ZONE);
    expect(membersOf(form, ZONE)).toEqual({ due: '2026-04-03', repeat: 'monthly' });
  });
});

describe('dueText', () => {
  it('writes the weekday, day and month, with the time in the zone', () => {
    expect(dueText('2026-04-03', NOW, ZONE)).toBe('Fri 3 Apr');
    expect(dueText('2026-04-03T13:30:00.000Z', NOW, ZONE)).toBe('Fri 3 Apr 09:30');
  });

  it('adds the year of another year, and is empty for no date', () => {
    expect(dueText('2027-01-04', NOW, ZONE)).toBe('Mon 4 Jan 2027');
    expect(dueText(undefined, NOW, ZONE)).toBe('');
  });
});
