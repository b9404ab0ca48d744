// Google Keep's Takeout read note by note (issue 37), from the hand-made Takeout in
// test/fixtures/imports/google-keep (its README says what it is made from).
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isKeepNote, keepToNote } from './keep-note';
import { readPickedFiles, type PickedFile } from './notes-archive';

/** The fixture's files by name (Vite reads them at build time, as text: the one image is skipped unread). */
const KEEP = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../../test/fixtures/imports/google-keep/Takeout/Keep/*', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, text]) => [file.split('/').pop()!, strToU8(text)]),
);

/** The fixture's Takeout as the zip Google hands over. */
function takeoutZip(): PickedFile {
  const files = Object.fromEntries(Object.entries(KEEP).map(([name, bytes]) => [`Takeout/Keep/${name}`, bytes]));
  return { name: 'takeout-20240506.zip', bytes: zipSync(files), lastModified: null };
}

describe('a Google Keep Takeout', () => {
  const read = readPickedFiles([takeoutZip()]);
  const note = (title: string) => read.notes.find((n) => n.title === title);

  it('makes a list a checklist with its ticks, labels tags, a pin a pin, and keeps the times', () => {
    expect(note('Groceries')).toMatchObject({
      source: 'takeout-20240506.zip/Takeout/Keep/Groceries.json',
      content: '',
      is_checklist: true,
      checklist_items: [
        { id: 'item-1', text: 'Milk', completed: true },
        { id: 'item-2', text: 'Sourdough bread', completed: false },
        { id: 'item-3', text: 'Apples', completed: false },
      ],
      tags: ['home', 'weekly-shop'],
      pinned_at: '2024-05-01T10:00:00.000Z',
      archived_at: null,
      created_at: '2024-04-30T10:00:00.000Z',
      updated_at: '2024-05-01T10:00:00.000Z',
    });
  });

  it('keeps a text note with its web links, and its archive; times given as strings are read', () => {
    expect(note('Book ideas')).toMatchObject({
      content:
        'A detective story set in a lighthouse.\nThe keeper is the narrator.\n\n[Lighthouses of Scotland](https://example.org/lighthouses)',
      is_checklist: false,
      checklist_items: null,
      tags: ['writing'],
      pinned_at: null,
      archived_at: '2024-01-01T10:00:00.000Z',
      created_at: '2023-12-30T10:00:00.000Z',
    });
  });

  it('names an untitled note by its first line', () => {
    expect(note('Call the plumber about the kitchen tap')).toMatchObject({
      content: 'Call the plumber about the kitchen tap\nAsk for a Saturday slot',
      tags: null,
    });
  });

  it("skips the Trash, the HTML copies, the labels' list and the attachments, each with its reason", () => {
    expect(read.notes).toHaveLength(3);
    const skipped = Object.fromEntries(read.skipped.map((s) => [s.source.replace(/^.*Keep\//, ''), s.reason]));
    expect(skipped).toEqual({
      'Old draft.json': "it is in Google Keep's Trash",
      'Groceries.html': "it is Google Keep's HTML copy of a note, read from its .json file",
      'Book ideas.html': "it is Google Keep's HTML copy of a note, read from its .json file",
      'Labels.txt': "it is Google Keep's list of labels (each note's labels become its tags)",
      '1709622900000.png': 'it is not a note (attachments are not imported)',
    });
  });

  it('reads the same notes from the files picked loose, without the zip', () => {
    const loose = Object.entries(KEEP).map(([name, bytes]) => ({ name, bytes, lastModified: null }));
    const again = readPickedFiles(loose);
    expect(again.notes.map((n) => n.title).sort()).toEqual(read.notes.map((n) => n.title).sort());
  });
});

describe('keepToNote', () => {
  const base = { textContent: 'x', userEditedTimestampUsec: 1714557600000000 };

  it('tells Keep notes from other JSON', () => {
    expect(isKeepNote(base)).toBe(true);
    expect(isKeepNote({ format: 'sprout-notes', notes: [] })).toBe(false);
    expect(isKeepNote([base])).toBe(false);
  });

  it('leaves out what is not a time, a label or a link, and never writes a raw link', () => {
    const note = keepToNote(
      {
        ...base,
        title: '  ',
        userEditedTimestampUsec: 'soon',
        createdTimestampUsec: -5,
        labels: [{ name: '  ' }, { nope: 1 }, 'x', { name: 'Ünïcode Label' }],
        annotations: [
          { url: 'javascript:alert(1)', title: 'bad' },
          { url: 'https://a.example/x (1)', title: '[t]' },
        ],
        listContent: [{ text: '', isChecked: true }, 'x', { text: 'Kept', isChecked: 'yes' }],
      },
      'k.json',
    );
    expect(note).toMatchObject({
      title: 'x',
      created_at: null,
      updated_at: null,
      tags: ['ünïcode-label'],
      content: 'x\n\n[t](https://a.example/x%20%281%29)',
      is_checklist: true,
      checklist_items: [{ id: 'item-1', text: 'Kept', completed: false }],
    });
  });

  it('shortens a long first line into a title at a word', () => {
    const long = `${'word '.repeat(40)}end`;
    const note = keepToNote({ ...base, textContent: long }, 'k.json');
    expect('title' in note && note.title.length).toBeLessThanOrEqual(80);
    expect('title' in note && note.title.endsWith('word…')).toBe(true);
  });

  it('refuses a zip whose notes claim more than the limit, whole, and never unzips its attachments', () => {
    const zip = {
      name: 'big.zip',
      bytes: zipSync({ 'a.json': strToU8('[]'), 'b.md': strToU8('x'.repeat(2000)), 'photo.png': new Uint8Array(5000) }),
      lastModified: null,
    };
    const refused = readPickedFiles([zip], 1000);
    expect(refused.notes).toEqual([]);
    expect(refused.skipped).toEqual([
      {
        source: 'big.zip',
        title: '',
        reason: 'its notes come to more than 1 KB unzipped; nothing of it was imported (import it in parts)',
      },
    ]);
    expect(readPickedFiles([zip], 10_000).notes).toHaveLength(1);
  });

  it('a second read of a Takeout imports nothing new: the same notes, the same fingerprints', () => {
    const first = readPickedFiles([takeoutZip()]).notes;
    const second = readPickedFiles([takeoutZip()]).notes;
    expect(second).toEqual(first);
  });
});
