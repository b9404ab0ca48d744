// Evernote's .enex read note by note (issue 37), from the hand-made export in
// test/fixtures/imports/evernote (its README says what it is made from), and hostile ones.
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { enexToNotes, EnexFileError } from './enex-note';
import { readPickedFiles } from './notes-archive';

const FIXTURE = import.meta.glob<string>('../../../../../test/fixtures/imports/evernote/*.enex', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const ENEX = Object.values(FIXTURE)[0]!;

const wrap = (notes: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<en-export export-date="20240610T090000Z" application="Evernote">${notes}</en-export>`;
const note = (body: string, extra = '') =>
  `<note><title>T</title>${extra}<content><![CDATA[<en-note>${body}</en-note>]]></content></note>`;

describe('an Evernote notebook', () => {
  const read = readPickedFiles([{ name: 'Home Projects.enex', bytes: strToU8(ENEX), lastModified: null }]);
  const byTitle = (title: string) => read.notes.find((n) => n.title === title)!;

  it('makes to-dos a checklist with their ticks, tags and the notebook tags, and keeps the times', () => {
    expect(byTitle('Paint the hallway')).toMatchObject({
      source: 'Home Projects.enex, note 1',
      content: 'Colour: **sage green**, two coats.\n\n[Source](https://example.org/hallway-colours)',
      is_checklist: true,
      checklist_items: [
        { id: 'item-1', text: 'Buy rollers', completed: true },
        { id: 'item-2', text: 'Tape the skirting', completed: false },
        { id: 'item-3', text: 'Paint', completed: false },
      ],
      tags: ['weekend', 'diy', 'home-projects'],
      created_at: '2024-03-01T08:00:00.000Z',
      updated_at: '2024-03-05T17:45:00.000Z',
    });
  });

  it('turns the body into Markdown, and nothing of a script, a handler or encrypted text comes through', () => {
    const shed = byTitle('Garden shed plan');
    expect(shed.content).toBe(
      '## Size\n\nTwo by three metres, *on a gravel base*.\n\n- Timber from the [yard](https://example.org/yard)\n- Felt for the roof\n\nAsk about delivery',
    );
    expect(shed.content).not.toMatch(/alert|onclick|U2Fsd/);
    expect(shed).toMatchObject({ is_checklist: false, checklist_items: null, tags: ['home-projects'] });
  });

  it('lists what it left out of a note: attachments, encrypted text', () => {
    expect(read.skipped.map((s) => [s.title, s.reason])).toEqual([
      ['Paint the hallway', 'its 1 attachment (attachments are not imported)'],
      ['Garden shed plan', 'its encrypted text (Sprout cannot decrypt it)'],
    ]);
  });
});

describe('enexToNotes on files that are not what they claim', () => {
  it('refuses what is not an Evernote export, whole', () => {
    expect(() => enexToNotes('<html><body>hi</body></html>', 'x.enex')).toThrow(EnexFileError);
    expect(() => enexToNotes('not xml at all <<<', 'x.enex')).toThrow(EnexFileError);
    const picked = readPickedFiles([{ name: 'x.enex', bytes: strToU8('{"json": true}'), lastModified: null }]);
    expect(picked.skipped).toEqual([
      { source: 'x.enex', title: '', reason: 'it is not an Evernote export (.enex) that can be read' },
    ]);
  });

  it('skips a note nested too deep to read, and reads the others', () => {
    const deep = `${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`;
    const read = enexToNotes(wrap(note(deep) + note('<div>fine</div>')), 'd.enex');
    expect(read.notes.map((n) => n.content)).toEqual(['fine']);
    expect(read.skipped).toEqual([
      { source: 'd.enex, note 1', title: 'T', reason: 'its content is nested too deeply to read' },
    ]);
  });

  it('names an untitled note by its first line, and reads a missing time as none', () => {
    const read = enexToNotes(
      wrap(
        '<note><title></title><content><![CDATA[<en-note><div># First line</div></en-note>]]></content><created>soon</created></note>',
      ),
      'u.enex',
    );
    expect(read.notes[0]).toMatchObject({ title: 'First line', created_at: null, updated_at: null });
  });
});

describe('a hostile Evernote note', () => {
  it('keeps the text of a javascript: link and no image but a web one, and no script, frame or handler', () => {
    const body =
      '<div>hello</div><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><img src="https://example.org/a.png"><a href="javascript:window.__xss=3">click</a><a href=" JavaScript:x">spaced</a><a href="mailto:a@example.org">mail</a>';
    const [read] = enexToNotes(wrap(note(body)), 'h.enex').notes;
    expect(read!.content).toBe('hello\n\n![](https://example.org/a.png)clickspaced[mail](mailto:a@example.org)');
  });
});
