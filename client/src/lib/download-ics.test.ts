// 'Add to calendar': the file's name, and the one-event calendar it downloads (or none without a date).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadIcs, icsFileName } from './download-ics';

const note = { id: 'note-1', title: 'Open a bakery', updated_at: '2026-02-27T10:15:00.000Z' };

afterEach(() => vi.restoreAllMocks());

describe('icsFileName', () => {
  it.each([
    ['Call the venue', 'sprout-call-the-venue.ics'],
    ['Réserver la salle, vite !', 'sprout-reserver-la-salle-vite.ics'],
    ['東京', 'sprout-step.ics'],
    ['', 'sprout-step.ics'],
    ['A very long step that goes on and on about many things', 'sprout-a-very-long-step-that-goes-on-and-on-abo.ics'],
  ])('%j -> %s', (text, name) => {
    expect(icsFileName({ text })).toBe(name);
  });
});

describe('downloadIcs', () => {
  function capture() {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:calendar';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return { blobs, names };
  }

  it('downloads one event linking to its note', async () => {
    const { blobs, names } = capture();
    const item = { id: 'i1', text: 'Call the venue', completed: false, due: '2026-03-31' };
    expect(downloadIcs(item, note, 'https://notes.example.org')).toBe(true);
    expect(names).toEqual(['sprout-call-the-venue.ics']);
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain('SUMMARY:Call the venue\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20260331\r\n');
    expect(text).toContain('URL;VALUE=URI:https://notes.example.org/note/note-1\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('downloads nothing for an item without a date', () => {
    const { blobs, names } = capture();
    expect(downloadIcs({ id: 'i2', text: 'Someday', completed: false }, note)).toBe(false);
    expect(blobs).toEqual([]);
    expect(names).toEqual([]);
  });
});
