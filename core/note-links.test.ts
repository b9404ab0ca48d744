import { describe, expect, it } from 'vitest';
import {
  importLinkHref,
  linkedNoteId,
  linkedNoteIds,
  noteLinkMarkdown,
  noteLinks,
  resolveImportLinks,
} from './note-links';

const A = '0b6f3c1e-5d2a-4c8b-9f10-2a3b4c5d6e7f';
const B = 'AB6F3C1E-5D2A-4C8B-9F10-2A3B4C5D6E7F';

describe('links between notes', () => {
  it('reads the notes a text links to, once each, ids in lower case', () => {
    const text = `See [the plan](/note/${A}) and [again](/note/${A}), [other](/note/${B}), [web](https://x.y/note/${A}).`;
    expect(linkedNoteIds(text)).toEqual([A, B.toLowerCase()]);
    expect(linkedNoteIds('no links')).toEqual([]);
  });

  it('joins the text, the plan and the items', () => {
    expect(
      noteLinks({
        content: `[a](/note/${A})`,
        expanded_content: `[b](/note/${B})`,
        checklist_items: [{ text: `[a](/note/${A})` }],
      }),
    ).toEqual([A, B.toLowerCase()]);
  });

  it('tells a note address from any other', () => {
    expect(linkedNoteId(`/note/${A}`)).toBe(A);
    expect(linkedNoteId(`/note/${A}/edit`)).toBeNull();
    expect(linkedNoteId('https://example.com')).toBeNull();
  });

  it('writes a link with its title escaped', () => {
    expect(noteLinkMarkdown('Plan [v2]', A)).toBe(`[Plan \\[v2\\]](/note/${A})`);
    expect(noteLinkMarkdown('  ', A)).toBe(`[Untitled](/note/${A})`);
  });
});

describe('links between the notes of an import', () => {
  it('point at the ids the import gives their sources, or become their words', () => {
    const text = `[Budget \\[v2\\]](${importLinkHref('vault.zip/A B/Budget.md')}) and [gone](${importLinkHref('x.md')}), [web](https://x.y)`;
    const ids: Record<string, string> = { 'vault.zip/A B/Budget.md': A };
    expect(resolveImportLinks(text, (source) => ids[source])).toBe(
      `[Budget \\[v2\\]](/note/${A}) and gone, [web](https://x.y)`,
    );
    expect(resolveImportLinks(null, () => A)).toBeNull();
    expect(resolveImportLinks('plain', () => A)).toBe('plain');
  });
});
