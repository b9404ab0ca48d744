// The route table matches spec section 2: every path, which are protected, and the 404 catch-all.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

function resolve(path: string): { id: string | undefined; protected: boolean } {
  const matches = matchRoutes(routes, path) ?? [];
  return {
    id: matches.at(-1)?.route.id,
    protected: matches.some((match) => match.route.id === 'protected'),
  };
}

describe('routes', () => {
  it.each([
    ['/login', 'login', false],
    ['/api-setup', 'api-setup', false],
    ['/', 'dashboard', true],
    ['/dashboard', 'dashboard-redirect', true],
    ['/new', 'new', true],
    ['/edit/42', 'edit', true],
    ['/view/42', 'view', true],
    ['/note/42', 'note', true],
    ['/chat', 'chat', true],
    ['/checklists', 'checklists', true],
    ['/today', 'today', true],
    ['/trash', 'trash', true],
    ['/settings', 'settings', true],
    ['/profile', 'profile', true],
    ['/anything/else', 'not-found', false],
    ['/edit', 'not-found', false],
  ])('%s is %s (protected: %s)', (path, id, isProtected) => {
    expect(resolve(path)).toEqual({ id, protected: isProtected });
  });

  it('loads /view/{id} and /note/{id} with the same screen', () => {
    const view = matchRoutes(routes, '/view/1')?.at(-1)?.route.lazy;
    const note = matchRoutes(routes, '/note/1')?.at(-1)?.route.lazy;
    expect(view).toBeDefined();
    expect(view).toBe(note);
  });

  it('gives every screen a document title', () => {
    for (const path of [
      '/login',
      '/api-setup',
      '/',
      '/new',
      '/edit/1',
      '/view/1',
      '/chat',
      '/checklists',
      '/today',
      '/trash',
      '/settings',
      '/profile',
      '/x',
    ]) {
      const handle = matchRoutes(routes, path)?.at(-1)?.route.handle as { title?: string } | undefined;
      expect(handle?.title, path).toBeTruthy();
    }
  });
});
