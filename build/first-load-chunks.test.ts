import { describe, expect, it } from 'vitest';
import { barrelIcons, firstLoadChunks, groupModules, importedIcons, staticClosure } from './first-load-chunks';
import { LOGIN_ROUTE, SIGNED_IN_START } from './first-load';

const graph = (edges: Record<string, string[]>, entries: string[] = []) => ({
  getModuleIds: () => Object.keys(edges),
  getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id] ?? [], isEntry: entries.includes(id) } : null),
});

describe('staticClosure', () => {
  it('follows static imports, each module once, through cycles', () => {
    const modules = graph({
      login: ['tabs', 'input'],
      tabs: ['radix', 'input'],
      input: ['utils'],
      utils: ['input'],
      radix: [],
      other: ['login'],
    });
    expect([...staticClosure(modules, 'login')].sort()).toEqual(['input', 'login', 'radix', 'tabs', 'utils']);
  });
});

describe("lucide-react's barrel", () => {
  const BARREL = '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs';
  const icon = (name: string) => `/app/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
  const barrelCode = [
    "import * as index from './icons/index.mjs';",
    "export { default as Sparkles, default as SparklesIcon, default as LucideSparkles } from './icons/sparkles.mjs';",
    "export { default as X, default as XIcon } from './icons/x.mjs';",
    "export { default as Trash2, default as Trash2Icon } from './icons/trash-2.mjs';",
  ].join('\n');

  it('maps every name the barrel exports to its icon module', () => {
    expect(Object.fromEntries(barrelIcons(BARREL, barrelCode))).toMatchObject({
      Sparkles: icon('sparkles'),
      LucideSparkles: icon('sparkles'),
      X: icon('x'),
      Trash2Icon: icon('trash-2'),
    });
  });

  it('reads the icons a module names, and gives up on an import it cannot read', () => {
    const icons = barrelIcons(BARREL, barrelCode);
    expect(importedIcons('import { Sparkles as Star, X } from "lucide-react";\nimport x from "y";', icons)).toEqual([
      icon('sparkles'),
      icon('x'),
    ]);
    expect(importedIcons("import * as Icons from 'lucide-react';", icons)).toBeNull();
    expect(importedIcons("import { NoSuchIcon } from 'lucide-react';", icons)).toBeNull();
  });

  it('is followed only to the icons each module names: the app uses a few of its 2,000', () => {
    const modules = {
      getModuleInfo: (id: string) =>
        ({
          '/app/login.tsx': { importedIds: [BARREL], code: 'import { X } from "lucide-react";' },
          '/app/other.tsx': { importedIds: [BARREL], code: "import * as All from 'lucide-react';" },
          [BARREL]: { importedIds: [icon('sparkles'), icon('x'), icon('trash-2')], code: barrelCode },
          [icon('sparkles')]: { importedIds: [] },
          [icon('x')]: { importedIds: [] },
          [icon('trash-2')]: { importedIds: [] },
        })[id] ?? null,
    };
    expect([...staticClosure(modules, '/app/login.tsx')].sort()).toEqual(['/app/login.tsx', icon('x')]);
    expect(staticClosure(modules, '/app/other.tsx')).toContain(icon('trash-2'));
  });
});

describe('groupModules', () => {
  const GROUPS = { index: ['src/login.tsx'], 'signed-in-start': ['src/layout.tsx', 'src/dashboard.tsx'] };
  const modules = graph(
    {
      '/app/client/index.html': ['/app/client/src/main.tsx'],
      '/app/client/src/main.tsx': ['/app/node_modules/react-dom/index.js', '/app/client/src/button.tsx'],
      '/app/client/src/button.tsx': ['/app/node_modules/@radix-ui/react-slot/dist/index.mjs'],
      '/app/node_modules/@radix-ui/react-slot/dist/index.mjs': [],
      '/app/node_modules/react-dom/index.js': [],
      '/app/client/src/login.tsx': [
        '/app/client/src/tabs.tsx',
        '/app/node_modules/lucide-react/dist/esm/icons/sparkles.mjs',
      ],
      '/app/client/src/tabs.tsx': [],
      '/app/node_modules/lucide-react/dist/esm/icons/sparkles.mjs': [],
      '/app/client/src/layout.tsx': ['/app/client/src/notes.ts', '/app/client/src/button.tsx'],
      '/app/client/src/notes.ts': ['/app/node_modules/dexie/dist/dexie.js'],
      '/app/node_modules/dexie/dist/dexie.js': [],
      '/app/client/src/dashboard.tsx': [
        '/app/client/src/notes.ts',
        '/app/client/src/tabs.tsx',
        '/app/client/src/card.tsx',
      ],
      '/app/client/src/card.tsx': [],
      '/app/client/src/settings.tsx': ['/app/client/src/tabs.tsx'],
    },
    ['/app/client/index.html'],
  );

  it("names the entry's and /login's own modules and icons in 'index', never a package (a barrel would bring every export)", () => {
    expect([...(groupModules(modules, '/app/client', GROUPS).get('index') ?? [])].sort()).toEqual([
      '/app/client/index.html',
      '/app/client/src/button.tsx',
      '/app/client/src/login.tsx',
      '/app/client/src/main.tsx',
      '/app/client/src/tabs.tsx',
      '/app/node_modules/lucide-react/dist/esm/icons/sparkles.mjs',
    ]);
  });

  it("gives a later group its routes' own modules that an earlier group does not have", () => {
    expect([...(groupModules(modules, '/app/client', GROUPS).get('signed-in-start') ?? [])].sort()).toEqual([
      '/app/client/src/card.tsx',
      '/app/client/src/dashboard.tsx',
      '/app/client/src/layout.tsx',
      '/app/client/src/notes.ts',
    ]);
  });

  it("fails the build when a group's route module is missing", () => {
    expect(() => groupModules(graph({}), '/app/client', GROUPS)).toThrow(/no module src\/login.tsx/);
  });
});

describe('firstLoadChunks', () => {
  it("makes the build's groups, 'index' (the entry chunk) first and with the highest priority", () => {
    const { plugin, codeSplitting } = firstLoadChunks('/app/client');
    const app = (module: string) => `/app/client/${module}`;
    const edges: Record<string, string[]> = {
      [app(LOGIN_ROUTE)]: [app('src/components/ui/tabs.tsx')],
      [app('src/components/ui/tabs.tsx')]: [],
      [app(SIGNED_IN_START[0] as string)]: [app('src/data/notes/index.ts'), app('src/components/ui/tabs.tsx')],
      [app(SIGNED_IN_START[1] as string)]: [app('src/data/notes/index.ts')],
      [app('src/data/notes/index.ts')]: [],
      [app('src/features/settings/settings-page.tsx')]: [app('src/components/ui/tabs.tsx')],
    };
    (plugin.buildEnd as (this: unknown) => void).call(graph(edges));
    const [index, start] = codeSplitting.groups;
    expect(codeSplitting.groups.map((group) => group.name)).toEqual(['index', 'signed-in-start']);
    expect((index?.priority ?? 0) > (start?.priority ?? 0)).toBe(true);
    expect(index?.test(app('src/components/ui/tabs.tsx'))).toBe(true);
    expect(start?.test(app('src/components/ui/tabs.tsx'))).toBe(false);
    expect(start?.test(app('src/data/notes/index.ts'))).toBe(true);
    expect(index?.test(app('src/features/settings/settings-page.tsx'))).toBe(false);
    expect(start?.test(app('src/features/settings/settings-page.tsx'))).toBe(false);
  });
});
