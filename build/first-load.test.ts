import { describe, expect, it } from 'vitest';
import { firstLoadFiles, type Manifest } from './first-load';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/login.tsx', 'src/notes.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_button.js': { file: 'assets/button.js', imports: ['_react.js'] },
  '_dexie.js': { file: 'assets/dexie.js' },
  'src/login.tsx': { file: 'assets/login.js', imports: ['_button.js', '_react.js'], dynamicImports: ['_dexie.js'] },
  'src/notes.tsx': { file: 'assets/notes.js', imports: ['_dexie.js', '_button.js'], css: ['assets/notes.css'] },
};

describe('firstLoadFiles', () => {
  it("takes the entry's and the route's static imports, each once, and no dynamic import", () => {
    expect(firstLoadFiles(manifest, ['src/login.tsx'])).toEqual({
      js: ['assets/react.js', 'assets/index.js', 'assets/button.js', 'assets/login.js'],
      css: ['assets/index.css'],
    });
  });

  it('adds the CSS of every route loaded', () => {
    expect(firstLoadFiles(manifest, ['src/login.tsx', 'src/notes.tsx']).css).toEqual([
      'assets/index.css',
      'assets/notes.css',
    ]);
  });

  it('counts the /login route grouped into the entry chunk (build/first-load-chunks.ts) as loaded with it', () => {
    expect(firstLoadFiles(manifest, ['src/features/auth/login-page.tsx'])).toEqual({
      js: ['assets/react.js', 'assets/index.js'],
      css: ['assets/index.css'],
    });
  });

  it("loads the chunk of the signed-in start's group for its routes, once", () => {
    const grouped: Manifest = {
      ...manifest,
      '_signed-in-start-abc.js': {
        file: 'assets/signed-in-start-abc.js',
        name: 'signed-in-start',
        imports: ['index.html', '_dexie.js'],
        css: ['assets/start.css'],
      },
    };
    expect(firstLoadFiles(grouped, ['src/app/signed-in-app.tsx', 'src/features/notes/dashboard-page.tsx'])).toEqual({
      js: ['assets/react.js', 'assets/index.js', 'assets/dexie.js', 'assets/signed-in-start-abc.js'],
      css: ['assets/index.css', 'assets/start.css'],
    });
  });

  it('takes a grouped route from its own manifest entry when the build gave it one', () => {
    const own: Manifest = {
      ...manifest,
      'src/features/notes/dashboard-page.tsx': { file: 'assets/dashboard.js', imports: ['_button.js'] },
    };
    expect(firstLoadFiles(own, ['src/features/notes/dashboard-page.tsx']).js).toEqual([
      'assets/react.js',
      'assets/index.js',
      'assets/button.js',
      'assets/dashboard.js',
    ]);
  });

  it('refuses a route the build does not have', () => {
    expect(() => firstLoadFiles(manifest, ['src/gone.tsx'])).toThrow("The build manifest has no entry 'src/gone.tsx'");
  });
});

describe('splitPrecache', () => {
  it('keeps the shell and non-chunk files, and leaves the other chunks for the runtime cache', async () => {
    const { splitPrecache } = await import('./sw-shell');
    const entries = [
      { url: 'index.html' },
      { url: 'icon.svg' },
      { url: 'assets/index.js' },
      { url: 'assets/settings.js' },
      { url: 'assets/index.css' },
    ];
    const { shell, rest } = splitPrecache(entries, new Set(['assets/index.js', 'assets/index.css']));
    expect(shell.map((e) => e.url)).toEqual(['index.html', 'icon.svg', 'assets/index.js', 'assets/index.css']);
    expect(rest.map((e) => e.url)).toEqual(['assets/settings.js']);
  });
});
