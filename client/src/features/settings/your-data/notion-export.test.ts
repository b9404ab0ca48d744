// Notion's 'Markdown & CSV' export read as one import (issue 37), from the hand-made tree in
// test/fixtures/imports/notion (its README says what it is made from), zipped twice as Notion does.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readPickedFiles } from './notes-archive';
import { notionCsvToNote, withoutNotionId } from './notion-export';

const ROOT = '../../../../../test/fixtures/imports/notion/';
const FILES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../../test/fixtures/imports/notion/**/*.{md,csv}', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  )
    .map(([file, text]) => [file.slice(ROOT.length), strToU8(text)] as const)
    .filter(([name]) => name !== 'README.md'),
);

/** The export as Notion hands it over: a zip holding a zip of the pages. */
function notionZip() {
  const inner = zipSync(FILES);
  return {
    name: 'Export-5e1f.zip',
    bytes: zipSync({ 'Export-5e1f-Part-1.zip': inner }),
    lastModified: Date.UTC(2026, 5, 1),
  };
}

describe('a Notion export', () => {
  const read = readPickedFiles([notionZip()]);
  const note = (title: string) => read.notes.find((n) => n.title === title)!;
  const href = (file: string) => `/note/import:${encodeURIComponent(`Export-5e1f.zip/Export-5e1f-Part-1.zip/${file}`)}`;

  it('reads every page and database, titled without Notion ids, from the zip inside the zip', () => {
    expect(read.notes.map((n) => n.title).sort()).toEqual(['Dune', 'Home', 'Reading list', 'Trip ideas']);
    expect(read.skipped).toEqual([]);
  });

  it('links the pages to each other and to the database, and tags each by the pages it sits under', () => {
    expect(note('Home')).toMatchObject({
      content: `Plans for the year.\n\n[Trip ideas](${href('Home 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d/Trip ideas aa11bb22cc33dd44ee55ff6677889900.md')})\n\n[Reading list](${href('Home 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d/Reading list bb22cc33dd44ee55ff66778899001122.csv')})`,
      tags: null,
    });
    expect(note('Trip ideas')).toMatchObject({ content: '- Lisbon in May\n- [ ] Book the train', tags: ['home'] });
    expect(note('Dune').tags).toEqual(['home/reading-list']);
    expect(note('Dune').content).toContain(`Back to [Home](${href('Home 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d.md')})`);
  });

  it('makes a database a note holding its rows as a table, quoted commas, pipes and line breaks kept', () => {
    expect(note('Reading list')).toMatchObject({
      tags: ['home'],
      content: [
        '| Name | Author | Status |',
        '| --- | --- | --- |',
        '| Dune | Frank Herbert | Done |',
        '| The Left Hand of Darkness | Ursula K. Le Guin | Reading, slowly |',
        '| Pipes \\| and lines | Someone | Next |',
      ].join('\n'),
      created_at: '2026-06-01T00:00:00.000Z',
    });
  });
});

describe("a newer Notion export, each database also as its '_all' CSV", () => {
  const VIEW = 'Home 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d/Reading list bb22cc33dd44ee55ff66778899001122.csv';
  const ALL = VIEW.replace(/\.csv$/, '_all.csv');
  const read = readPickedFiles([
    {
      name: 'Export-6a2b.zip',
      bytes: zipSync({
        ...FILES,
        [ALL]: strToU8('Name,Author,Status\nDune,Frank Herbert,Done\nHidden by the view,Someone,Archived\n'),
      }),
      lastModified: null,
    },
  ]);

  it('makes the database one note with every row, under the name the pages link to', () => {
    const tables = read.notes.filter((n) => n.title === 'Reading list');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.source).toBe(`Export-6a2b.zip/${VIEW}`);
    expect(tables[0]!.content).toContain('| Hidden by the view | Someone | Archived |');
    expect(read.notes.find((n) => n.title === 'Home')!.content).toContain(
      `/note/import:${encodeURIComponent(`Export-6a2b.zip/${VIEW}`)}`,
    );
    expect(read.skipped).toEqual([
      {
        source: `Export-6a2b.zip/${ALL}`,
        title: '',
        reason: `it is Notion's full copy of a database, read as Export-6a2b.zip/${VIEW}`,
      },
    ]);
  });
});

describe('notionCsvToNote', () => {
  it('names the table by its file without the id, and refuses a file with no table', () => {
    expect(withoutNotionId('Reading list bb22cc33dd44ee55ff66778899001122.csv')).toBe('Reading list');
    expect(withoutNotionId('Reading list bb22cc33dd44ee55ff66778899001122_all.csv')).toBe('Reading list');
    expect(withoutNotionId('Plain name.md')).toBe('Plain name');
    expect(() => notionCsvToNote('', 'x.csv', null)).toThrow('it holds no table');
    const picked = readPickedFiles([{ name: 'empty.csv', bytes: strToU8('\n\n'), lastModified: null }]);
    expect(picked.skipped).toEqual([{ source: 'empty.csv', title: '', reason: 'it holds no table' }]);
  });
});
