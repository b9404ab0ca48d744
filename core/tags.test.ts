import { describe, expect, it } from 'vitest';
import {
  inlineTags,
  isTag,
  normalizeTag,
  normalizeTags,
  noteTags,
  renamedTag,
  renameInlineTags,
  tagAncestry,
  tagWithin,
} from './tags';

describe('normalizeTag', () => {
  it('writes a typed tag as a note stores it', () => {
    expect(normalizeTag('Work')).toBe('work');
    expect(normalizeTag('  #Work/Launch ')).toBe('work/launch');
    expect(normalizeTag('road trip')).toBe('road-trip');
    expect(normalizeTag('/work//launch/')).toBe('work/launch');
    expect(normalizeTag('café')).toBe('café');
    expect(normalizeTag('Ärger!')).toBe('ärger');
  });

  it('is null when nothing of a tag is left, or it is too long', () => {
    expect(normalizeTag('#')).toBeNull();
    expect(normalizeTag(' / ')).toBeNull();
    expect(normalizeTag('!!!')).toBeNull();
    expect(normalizeTag('a'.repeat(65))).toBeNull();
    expect(normalizeTag('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('keeps each tag once, in order', () => {
    expect(normalizeTags(['Work', 'home', 'work', 3, '', 'Home'])).toEqual(['work', 'home']);
  });
});

describe('isTag', () => {
  it('takes lower-case names joined by single slashes', () => {
    expect(isTag('work/launch')).toBe(true);
    expect(isTag('2026')).toBe(true);
    expect(isTag('Work')).toBe(false);
    expect(isTag('work launch')).toBe(false);
    expect(isTag('work//launch')).toBe(false);
    expect(isTag('#work')).toBe(false);
    expect(isTag('')).toBe(false);
  });
});

describe('inlineTags', () => {
  it('finds #tags in prose, not headings, numbers, anchors or code', () => {
    const text = [
      '# Heading',
      '## Sub',
      'Plan for #Work/Launch and #home, see issue #12 and https://example.com/#anchor.',
      '(#paren) a#b',
      '`#code` and',
      '```',
      '#fenced',
      '```',
      '#last',
    ].join('\n');
    expect(inlineTags(text)).toEqual(['work/launch', 'home', 'paren', 'last']);
  });

  it('is empty for text without a hash', () => {
    expect(inlineTags('plain words')).toEqual([]);
    expect(inlineTags(null)).toEqual([]);
  });
});

describe('noteTags', () => {
  it('joins the own tags and the text\u2019s, once each', () => {
    expect(
      noteTags({
        tags: ['home', 'work'],
        content: 'buy #milk for #home',
        expanded_content: 'Then #plan',
        checklist_items: [{ text: 'call #mum' }],
      }),
    ).toEqual(['home', 'work', 'milk', 'plan', 'mum']);
  });
});

describe('nesting and renaming', () => {
  it('lists a tag\u2019s ancestry and tells what lies within a tag', () => {
    expect(tagAncestry('work/launch/q3')).toEqual(['work', 'work/launch', 'work/launch/q3']);
    expect(tagWithin('work/launch', 'work')).toBe(true);
    expect(tagWithin('workshop', 'work')).toBe(false);
  });

  it('renames a tag and those within it, or deletes them', () => {
    expect(renamedTag('work/launch', 'work', 'job')).toBe('job/launch');
    expect(renamedTag('workshop', 'work', 'job')).toBe('workshop');
    expect(renamedTag('work', 'work', null)).toBeNull();
  });

  it('renames #tags in a text and leaves code and other tags alone', () => {
    const text = 'Ship #Work/launch, not #workshop. `#work` stays.\n#work';
    expect(renameInlineTags(text, 'work', 'job')).toBe('Ship #job/launch, not #workshop. `#work` stays.\n#job');
    expect(renameInlineTags(text, 'work', null)).toBe('Ship Work/launch, not #workshop. `#work` stays.\nwork');
  });
});
