import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { EMPTY_CONTENT } from '#core/note-fields';
import type { LocalNote } from '#core/sync-rules';
import { markdownToNote, noteToMarkdown } from './markdown-note';
import { notesToMarkdownZip, readPickedFiles } from './notes-archive';
import { jsonToNotes, notesToJson } from './notes-json';

const NOTE: LocalNote = {
  id: '33333333-3333-4333-8333-333333333333',
  user_id: '11111111-1111-4111-8111-111111111111',
  ...EMPTY_CONTENT,
  title: 'Trip: Rome & "friends"',
  content: 'First line\n\n- a plain list\n# not the title\n',
  expanded_content: '## Plan\n\nBook flights.\n\n## Action Steps\n1. Pack',
  is_checklist: true,
  checklist_items: [
    { id: 'i1', text: 'Book flights', completed: true },
    { id: 'i2', text: 'Pack [light]', completed: false },
  ],
  chat_history: [
    { role: 'user', content: 'Plan my trip' },
    { role: 'assistant', content: 'Sure.\n\n### Day 1\nColosseum' },
  ],
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-02-03T04:05:06.000Z',
  deleted_at: null,
  revision: 7,
  base_revision: 7,
  mutation_id: 'm1',
  sent_mutation_ids: [],
  sync_state: 'synced',
  sync_error: null,
  conflict_of: null,
  base_content: null,
  history_reason: null,
};

describe('Markdown notes', () => {
  it('writes front matter, sections and tasks, and reads every field back', () => {
    const markdown = noteToMarkdown(NOTE);
    expect(markdown).toMatch(
      /^---\nid: 33333333-3333-4333-8333-333333333333\ntitle: 'Trip: Rome & "friends"'\ncreated: /,
    );
    expect(markdown).toContain('checklist_state:\n  done: 1\n  total: 2\n');
    expect(markdown).toContain('- [x] Book flights\n- [ ] Pack [light]');
    const back = markdownToNote(markdown, 'x.md', null);
    expect(back).toMatchObject({
      sourceId: NOTE.id,
      title: NOTE.title,
      content: NOTE.content,
      expanded_content: NOTE.expanded_content,
      is_checklist: true,
      checklist_items: [
        { text: 'Book flights', completed: true },
        { text: 'Pack [light]', completed: false },
      ],
      chat_history: NOTE.chat_history,
      created_at: NOTE.created_at,
      updated_at: NOTE.updated_at,
    });
  });

  it('writes dated items as Obsidian Tasks reads them, and reads their dates and repeats back (issue 35)', () => {
    const dated = {
      ...NOTE,
      checklist_items: [
        { id: 'a', text: 'Call the venue', completed: false, due: '2026-03-31', repeat: 'weekly' as const },
        // 08:30 in UTC is 09:30 in London once the clocks have gone forward.
        { id: 'b', text: 'Standup', completed: true, due: '2026-04-01T08:30:00.000Z', remind: true },
      ],
    };
    const markdown = noteToMarkdown(dated, 'Europe/London');
    expect(markdown).toContain(
      '- [ ] Call the venue 🔁 every week 📅 2026-03-31\n- [x] Standup ⏰ 09:30 📅 2026-04-01',
    );
    expect(markdownToNote(markdown, 'x.md', null, 'Europe/London').checklist_items).toEqual([
      { id: 'item-1', text: 'Call the venue', completed: false, due: '2026-03-31', repeat: 'weekly' },
      { id: 'item-2', text: 'Standup', completed: true, due: '2026-04-01T08:30:00.000Z' },
    ]);
  });

  it('writes ai_excluded: true in the front matter of a note kept out of the assistant only, and reads it back (issue 34)', () => {
    const kept = noteToMarkdown({ ...NOTE, ai_excluded: true });
    expect(kept).toMatch(/\nai_excluded: true\n[\s\S]*---\n/);
    expect(markdownToNote(kept, 'x.md', null).ai_excluded).toBe(true);
    const plain = noteToMarkdown(NOTE);
    expect(plain).not.toContain('ai_excluded');
    expect(markdownToNote(plain, 'x.md', null).ai_excluded).toBe(false);
    // Another app's file that says so by hand; anything but a boolean reads as not kept out.
    expect(markdownToNote('---\nai_excluded: true\n---\n# Diary\n', 'Diary.md', null).ai_excluded).toBe(true);
    expect(markdownToNote('---\nai_excluded: "yes"\n---\n# Diary\n', 'Diary.md', null).ai_excluded).toBe(false);
  });

  it('reads a note without sections or content back as empty', () => {
    const bare = {
      ...NOTE,
      content: '',
      expanded_content: null,
      checklist_items: null,
      chat_history: null,
      is_checklist: false,
    };
    expect(markdownToNote(noteToMarkdown(bare), 'x.md', null)).toMatchObject({
      content: '',
      expanded_content: null,
      checklist_items: null,
      chat_history: null,
    });
  });

  it("takes another app's file as the note's text, titled by front matter, first heading or file name", () => {
    const obsidian = markdownToNote(
      '---\ntags: [travel]\ncreated: 2024-05-01\n---\n# Rome\n\nSee the [[Forum]].\n- [ ] tickets\n',
      'Vault/Rome trip.md',
      null,
    );
    expect(obsidian).toMatchObject({
      title: 'Rome',
      content: 'See the [[Forum]].\n- [ ] tickets',
      created_at: '2024-05-01T00:00:00.000Z',
      sourceId: null,
    });
    expect(markdownToNote('Just text', 'Notes/Groceries.md', '2025-01-01T00:00:00.000Z')).toMatchObject({
      title: 'Groceries',
      content: 'Just text',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
  });

  it("takes another app's note that is only a task list as a checklist with its ticks (issue 37)", () => {
    expect(
      markdownToNote('# Packing\n\n- [ ] Passport\n  - [x] Charger\n\n* [X] Tickets\n', 'Packing.md', null),
    ).toMatchObject({
      title: 'Packing',
      content: '',
      is_checklist: true,
      checklist_items: [
        { text: 'Passport', completed: false },
        { text: 'Charger', completed: true },
        { text: 'Tickets', completed: true },
      ],
    });
    expect(markdownToNote('- [ ] tickets\nand a line of text', 'Mixed.md', null)).toMatchObject({
      content: '- [ ] tickets\nand a line of text',
      is_checklist: false,
      checklist_items: null,
    });
  });

  it('writes the tags as a front matter list and reads them back (issue 33)', () => {
    const markdown = noteToMarkdown({ ...NOTE, tags: ['work', 'work/launch', 'café'] });
    expect(markdown).toContain('\ntags:\n  - work\n  - work/launch\n  - café\n');
    expect(markdown.indexOf('tags:')).toBeLessThan(markdown.indexOf('\n---\n'));
    expect(markdownToNote(markdown, 'x.md', null).tags).toEqual(['work', 'work/launch', 'café']);
    expect(noteToMarkdown(NOTE)).not.toContain('tags:');
    expect(markdownToNote(noteToMarkdown(NOTE), 'x.md', null).tags).toBeNull();
  });

  it("reads other apps' front matter tags: a list, one string, split by commas or spaces, with or without #", () => {
    const tagsOf = (front: string) => markdownToNote(`---\n${front}\n---\nText`, 'a.md', null).tags;
    expect(tagsOf('tags: [Work, "#Home/Garden"]')).toEqual(['work', 'home/garden']);
    expect(tagsOf('tags:\n  - work\n  - "#home"\n  - 2024')).toEqual(['work', 'home', '2024']);
    expect(tagsOf('tags: work')).toEqual(['work']);
    expect(tagsOf('tags: work, Home/Garden, road trip')).toEqual(['work', 'home/garden', 'road-trip']);
    expect(tagsOf('tags: work home  "#idea"')).toEqual(['work', 'home', 'idea']);
    expect(tagsOf('tags: "#work #home"')).toEqual(['work', 'home']);
    // Obsidian's singular key counts too, after `tags`.
    expect(tagsOf('tag: reading')).toEqual(['reading']);
    expect(tagsOf('tags: [work]\ntag: reading, work')).toEqual(['work', 'reading']);
  });

  it('drops front matter tags that are no tags, and keeps the first 30 of more', () => {
    const tagsOf = (front: string) => markdownToNote(`---\n${front}\n---\nText`, 'a.md', null).tags;
    expect(tagsOf('tags: ["!!!", "#", work, {a: 1}, null]')).toEqual(['work']);
    expect(tagsOf('tags: "!!!"')).toBeNull();
    expect(tagsOf('tags:')).toBeNull();
    const many = Array.from({ length: 35 }, (_, i) => `t${i + 1}`);
    expect(tagsOf(`tags: [${many.join(', ')}]`)).toEqual(many.slice(0, 30));
    // Inline #tags stay in the text, where they count by themselves.
    expect(markdownToNote('Plan #work', 'a.md', null)).toMatchObject({ content: 'Plan #work', tags: null });
  });

  it('names what is wrong with broken front matter', () => {
    expect(() => markdownToNote('---\ntitle: [unclosed\n---\nbody', 'bad.md', null)).toThrow(
      /front matter is not valid YAML/,
    );
  });
});

describe('JSON export', () => {
  it('round-trips every field in the wire shape', () => {
    const { notes, skipped } = jsonToNotes(notesToJson([NOTE], '2026-11-23T00:00:00.000Z'), 'notes.json');
    expect(skipped).toEqual([]);
    expect(notes[0]).toMatchObject({
      sourceId: NOTE.id,
      sourceUserId: NOTE.user_id,
      title: NOTE.title,
      checklist_items: NOTE.checklist_items,
      chat_history: NOTE.chat_history,
    });
  });

  it('round-trips the tags (issue 33)', () => {
    const tagged = { ...NOTE, tags: ['work', 'work/launch'] };
    const text = notesToJson([tagged, NOTE], '2026-11-23T00:00:00.000Z');
    expect(JSON.parse(text).notes[0].tags).toEqual(['work', 'work/launch']);
    const { notes } = jsonToNotes(text, 'notes.json');
    expect(notes.map((note) => note.tags)).toEqual([['work', 'work/launch'], null]);
  });

  it('round-trips a note kept out of the assistant (issue 34)', () => {
    const text = notesToJson([{ ...NOTE, ai_excluded: true }, NOTE], '2026-11-23T00:00:00.000Z');
    expect(JSON.parse(text).notes.map((note: { ai_excluded: boolean }) => note.ai_excluded)).toEqual([true, false]);
    expect(jsonToNotes(text, 'notes.json').notes.map((note) => note.ai_excluded)).toEqual([true, false]);
  });

  it('skips a malformed note with the reason and refuses a file that is not an export', () => {
    const read = jsonToNotes(JSON.stringify([{ title: 'ok' }, { title: 3 }, 'x']), 'mine.json');
    expect(read.notes.map((n) => n.title)).toEqual(['ok']);
    expect(read.skipped).toEqual([
      { source: 'mine.json, note 2', title: '', reason: 'it has no title' },
      { source: 'mine.json, note 3', title: '', reason: 'it is not an object' },
    ]);
    expect(() => jsonToNotes('{"hello": 1}', 'x.json')).toThrow(/no list of notes/);
    expect(() => jsonToNotes('{', 'x.json')).toThrow(/not valid JSON/);
  });
});

describe('picked files', () => {
  it('reads back the Markdown zip export', async () => {
    const zip = await notesToMarkdownZip(
      [NOTE, { ...NOTE, id: '44444444-4444-4444-8444-444444444444', title: 'Second' }],
      'sprout-notes',
    );
    const read = readPickedFiles([
      { name: 'export.zip', bytes: new Uint8Array(await zip.arrayBuffer()), lastModified: null },
    ]);
    expect(read.skipped).toEqual([]);
    expect(read.notes.map((n) => n.title).sort()).toEqual(['Second', NOTE.title]);
  });

  it('reports a broken zip, a zip without notes, attachments and unknown files by name', () => {
    const attachments = zipSync({ 'notes/a.md': strToU8('# A'), 'notes/photo.png': new Uint8Array([1, 2]) });
    const read = readPickedFiles([
      { name: 'broken.zip', bytes: strToU8('PK\u0003\u0004 not really'), lastModified: null },
      { name: 'empty.zip', bytes: zipSync({ 'a.png': new Uint8Array([1]) }), lastModified: null },
      { name: 'vault.zip', bytes: attachments, lastModified: null },
      { name: 'photo.png', bytes: new Uint8Array([1]), lastModified: null },
    ]);
    expect(read.notes.map((n) => n.source)).toEqual(['vault.zip/notes/a.md']);
    expect(read.skipped.map((s) => [s.source, s.reason])).toEqual([
      ['broken.zip', expect.stringMatching(/^it is not a zip file that can be read/)],
      ['empty.zip', 'it holds no Markdown, JSON, Evernote or CSV files'],
      ['vault.zip/notes/photo.png', 'it is not a note (attachments are not imported)'],
      ['photo.png', expect.stringMatching(/^it is not a note file/)],
    ]);
  });

  it.each(['../../etc/evil.md', '/abs/evil.md', 'C:\\evil.md', 'a/../../evil.md', '..\\evil.md'])(
    'refuses a zip whole when a path in it (%s) leads outside it',
    (path) => {
      const zip = zipSync({ 'vault/fine.md': strToU8('# Fine'), [path]: strToU8('# Evil') });
      const read = readPickedFiles([{ name: 'vault.zip', bytes: zip, lastModified: null }]);
      expect(read.notes).toEqual([]);
      expect(read.skipped).toEqual([
        {
          source: 'vault.zip',
          title: '',
          reason: `its file "${path}" has a path outside the zip; nothing of it was imported`,
        },
      ]);
    },
  );

  it('refuses a zip whole when a note in it holds more than the zip declares', () => {
    const zip = zipSync({ 'vault/fine.md': strToU8('# Fine'), 'vault/lie.md': [strToU8('a'.repeat(50_000)), {}] });
    // The lying note's declared size, in its directory entry and local header, made 1 KB.
    const view = new DataView(zip.buffer);
    for (let at = 0; at + 4 <= zip.length; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x02014b50 && view.getUint32(at + 24, true) === 50_000) view.setUint32(at + 24, 1024, true);
      if (signature === 0x04034b50 && view.getUint32(at + 22, true) === 50_000) view.setUint32(at + 22, 1024, true);
    }
    const read = readPickedFiles([{ name: 'vault.zip', bytes: zip, lastModified: null }]);
    expect(read.notes).toEqual([]);
    expect(read.skipped.map((s) => s.reason)).toEqual([
      'its file vault/lie.md holds more than the zip says; nothing of it was imported',
    ]);
  });
});

describe('JSON files that are no export', () => {
  const pick = (text: string) => readPickedFiles([{ name: 'big.json', bytes: strToU8(text), lastModified: null }]);

  it('refuses a file nested deeper than any export before parsing it, open or closed', () => {
    for (const text of ['['.repeat(100_000), `${'['.repeat(65)}${']'.repeat(65)}`, '{"a":'.repeat(70)]) {
      expect(pick(text)).toEqual({
        notes: [],
        skipped: [
          { source: 'big.json', title: '', reason: 'it is nested more than 64 levels deep, which no notes export is' },
        ],
      });
    }
  });

  it('reads brackets inside strings as text, not nesting', () => {
    const read = pick(JSON.stringify([{ title: 'Brackets', content: `${'['.repeat(500)} "\\" {{{` }]));
    expect(read.notes.map((n) => n.content)).toEqual([`${'['.repeat(500)} "\\" {{{`]);
  });

  it('refuses a list without a single object whole, not with a line per item', () => {
    expect(pick(JSON.stringify(Array.from({ length: 200_000 }, (_, i) => i)))).toEqual({
      notes: [],
      skipped: [
        {
          source: 'big.json',
          title: '',
          reason: 'it holds no list of notes (expected a Sprout export or an array of notes)',
        },
      ],
    });
  });

  it('reads an export of more notes than a call takes arguments', () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => ({ title: `Note ${i}` }));
    expect(pick(JSON.stringify(rows)).notes).toHaveLength(150_000);
  });
});
