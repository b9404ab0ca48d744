import { describe, expect, it } from 'vitest';
import { firstLoadChunks, staticClosure } from './first-load-chunks';

const graph = (edges: Record<string, string[]>) => ({
  getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id] ?? [] } : null),
});

describe('staticClosure', () => {
  it('follows static imports, each module once, through cycles', () => {
    const modules = graph({ login: ['tabs', 'input'], tabs: ['radix', 'input'], input: ['utils'], utils: ['input'], radix: [], other: ['login'] });
    expect([...staticClosure(modules, 'login')].sort()).toEqual(['input', 'login', 'radix', 'tabs', 'utils']);
  });
});

describe('firstLoadChunks', () => {
  it("groups the entry's modules first, then the rest of /login's", () => {
    const { plugin, codeSplitting } = firstLoadChunks('/app/client');
    const modules = graph({ '/app/client/src/features/auth/login-page.tsx': ['/app/client/src/tabs.tsx'], '/app/client/src/tabs.tsx': [] });
    (plugin.buildEnd as (this: unknown) => void).call(modules);
    const [shell, login] = codeSplitting.groups;
    expect(shell).toMatchObject({ name: 'shell', tags: ['$initial'] });
    expect(login?.name).toBe('login');
    expect(shell!.priority).toBeGreaterThan(login!.priority);
    expect(login?.test?.('/app/client/src/tabs.tsx')).toBe(true);
    expect(login?.test?.('/app/client/src/settings.tsx')).toBe(false);
  });

  it('fails the build when the /login route module is missing', () => {
    const { plugin } = firstLoadChunks('/app/client');
    expect(() => (plugin.buildEnd as (this: unknown) => void).call(graph({}))).toThrow(/no module src\/features\/auth\/login-page.tsx/);
  });
});
