// The restore order: a table after every table it references, whatever order the catalog lists them in.
import { describe, expect, it } from 'vitest';
import { parentsFirst } from './catalog';

describe('parentsFirst', () => {
  it('puts each table after the tables it references, and keeps name order otherwise', () => {
    const references = [
      { child: 'public.note_versions', parent: 'public.notes' },
      { child: 'public.note_versions', parent: 'public.users' },
      { child: 'public.notes', parent: 'public.users' },
      { child: 'public.sessions', parent: 'public.users' },
      { child: 'public.refresh_tokens', parent: 'public.sessions' },
    ];
    const names = [
      'public.refresh_tokens',
      'public.note_versions',
      'public.users',
      'public.sessions',
      'public.notes',
      'public.a',
    ];
    expect(parentsFirst(names, references)).toEqual([
      'public.a',
      'public.users',
      'public.notes',
      'public.note_versions',
      'public.sessions',
      'public.refresh_tokens',
    ]);
  });

  it('ignores references to tables it does not copy, and ends on a cycle instead of looping', () => {
    const references = [
      { child: 'b', parent: 'a' },
      { child: 'a', parent: 'b' },
      { child: 'c', parent: 'elsewhere' },
    ];
    expect(parentsFirst(['c', 'b', 'a'], references).sort()).toEqual(['a', 'b', 'c']);
  });
});
