import { describe, expect, it } from 'vitest';
import { preloadedDependencies } from './background-imports';

const bundle = {
  'assets/index.js': { isEntry: true, facadeModuleId: '/app/client/index.html' },
  'assets/vendor.js': { facadeModuleId: null },
  'assets/sync-engine.js': { facadeModuleId: '/app/client/src/data/notes/sync-engine.ts' },
  'assets/note-merge.js': { facadeModuleId: '/app/client/src/data/notes/note-merge.ts' },
  'assets/editor.js': { facadeModuleId: '/app/client/src/features/editor/editor.tsx' },
};
const background = ['/client/src/data/notes/sync-engine.ts'];

describe('preloadedDependencies', () => {
  it('preloads nothing for a chunk that starts at a background module', () => {
    expect(
      preloadedDependencies(
        'assets/sync-engine.js',
        ['assets/sync-engine.js', 'assets/note-merge.js', 'assets/index.js'],
        bundle,
        background,
      ),
    ).toEqual([]);
  });

  it('preloads what another import needs, except the entry chunk the page has already loaded', () => {
    expect(
      preloadedDependencies(
        'assets/editor.js',
        ['assets/editor.js', 'assets/vendor.js', 'assets/index.js'],
        bundle,
        background,
      ),
    ).toEqual(['assets/editor.js', 'assets/vendor.js']);
  });

  it('keeps a file it does not know of (a CSS file, or one from another build)', () => {
    expect(preloadedDependencies('assets/editor.js', ['assets/other.js'], bundle, background)).toEqual([
      'assets/other.js',
    ]);
  });
});
