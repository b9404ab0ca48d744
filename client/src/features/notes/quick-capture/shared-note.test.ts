import { describe, expect, it } from 'vitest';
import { NOTE_LIMITS } from '#core/note-constants';
import { sharedNote } from './shared-note';

const share = (params: Record<string, string>) => sharedNote(new URLSearchParams(params));

describe('a share from another app as a quick note', () => {
  it('is nothing when nothing was shared: a plain quick note', () => {
    expect(share({})).toBeNull();
    expect(share({ title: '  ', text: '\n' })).toBeNull();
  });

  it('takes the shared title, and the text then the link as the note', () => {
    expect(share({ title: 'Trip ideas', text: 'Lisbon in May', url: 'https://example.com/lisbon' })).toEqual({
      title: 'Trip ideas',
      content: 'Lisbon in May\n\nhttps://example.com/lisbon',
    });
  });

  it('keeps a link given twice once, and drops a text that only repeats the title', () => {
    expect(share({ text: 'Read this https://example.com/a', url: 'https://example.com/a' })).toEqual({
      title: null,
      content: 'Read this https://example.com/a',
    });
    expect(share({ title: 'Some page', text: 'Some page', url: 'https://example.com/p' })).toEqual({
      title: 'Some page',
      content: 'https://example.com/p',
    });
  });

  it('makes the title one line and keeps both within the note limits', () => {
    const note = share({
      title: `Line one\r\nline two ${'x'.repeat(NOTE_LIMITS.title)}`,
      text: 'y'.repeat(NOTE_LIMITS.text + 5),
    });
    expect(note?.title?.startsWith('Line one line two x')).toBe(true);
    expect(note?.title).toHaveLength(NOTE_LIMITS.title);
    expect(note?.content).toHaveLength(NOTE_LIMITS.text);
  });
});
