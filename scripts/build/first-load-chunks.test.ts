import { describe, expect, it } from 'vitest';
import { firstLoadChunks, firstScreenModules, staticClosure } from './first-load-chunks';

const graph = (edges: Record<string, string[]>, entries: string[] = []) => ({
  getModuleIds: () => Object.keys(edges),
  getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id] ?? [], isEntry: entries.includes(id) } : null),
});

const LOGIN = '/app/client/src/features/auth/login-page.tsx';

describe('staticClosure', () => {
  it('follows static imports, each module once, through cycles', () => {
    const modules = graph({ login: ['tabs', 'input'], tabs: ['radix', 'input'], input: ['utils'], utils: ['input'], radix: [], other: ['login'] });
    expect([...staticClosure(modules, 'login')].sort()).toEqual(['input', 'login', 'radix', 'tabs', 'utils']);
  });
});

describe('firstScreenModules', () => {
  const modules = graph(
    {
      '/app/client/index.html': ['/app/client/src/main.tsx'],
      '/app/client/src/main.tsx': ['/app/node_modules/react-dom/index.js', '/app/client/src/button.tsx'],
      '/app/client/src/button.tsx': ['/app/node_modules/radix-ui/dist/index.mjs'],
      '/app/node_modules/radix-ui/dist/index.mjs': ['/app/node_modules/@radix-ui/react-select/dist/index.mjs'],
      '/app/node_modules/@radix-ui/react-select/dist/index.mjs': [],
      '/app/node_modules/react-dom/index.js': [],
      [LOGIN]: ['/app/client/src/tabs.tsx', '/app/node_modules/lucide-react/dist/esm/icons/sparkles.mjs'],
      '/app/client/src/tabs.tsx': [],
      '/app/node_modules/lucide-react/dist/esm/icons/sparkles.mjs': [],
      '/app/client/src/settings.tsx': ['/app/client/src/tabs.tsx'],
    },
    ['/app/client/index.html'],
  );

  it("names the entry's and /login's own modules and icons, never a package (its barrel would bring every export)", () => {
    expect([...firstScreenModules(modules, LOGIN)].sort()).toEqual([
      '/app/client/index.html',
      '/app/client/src/button.tsx',
      LOGIN,
      '/app/client/src/main.tsx',
      '/app/client/src/tabs.tsx',
      '/app/node_modules/lucide-react/dist/esm/icons/sparkles.mjs',
    ]);
  });

  it('fails the build when the /login route module is missing', () => {
    expect(() => firstScreenModules(graph({}), LOGIN)).toThrow(/no module src\/features\/auth\/login-page.tsx/);
  });
});

describe('firstLoadChunks', () => {
  it('groups them into one chunk, named like the entry', () => {
    const { plugin, codeSplitting } = firstLoadChunks('/app/client');
    (plugin.buildEnd as (this: unknown) => void).call(graph({ [LOGIN]: ['/app/client/src/tabs.tsx'], '/app/client/src/tabs.tsx': [] }));
    expect(codeSplitting.groups).toHaveLength(1);
    const [group] = codeSplitting.groups;
    expect(group?.name).toBe('index');
    expect(group?.test('/app/client/src/tabs.tsx')).toBe(true);
    expect(group?.test('/app/client/src/settings.tsx')).toBe(false);
  });
});
