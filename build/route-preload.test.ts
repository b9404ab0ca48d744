import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadPlan, preloadScript, ROUTE_PRELOADS, type BuiltChunk, type RoutePreload } from './route-preload';

const clientRoot = '/app/client';
const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  extra: Partial<BuiltChunk> = {},
): BuiltChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: facade,
  imports,
  ...extra,
});

const chunks: BuiltChunk[] = [
  chunk('assets/index.js', '/app/client/index.html', ['assets/react.js'], { isEntry: true }),
  chunk('assets/react.js', null),
  chunk('assets/login.js', '/app/client/src/login.tsx', ['assets/react.js', 'assets/input.js']),
  chunk('assets/input.js', null),
  chunk('assets/layout.js', '/app/client/src/layout.tsx', ['assets/react.js', 'assets/icons.js'], {
    viteMetadata: { importedCss: new Set(['assets/layout.css']) },
  }),
  chunk('assets/icons.js', null),
  chunk('assets/dashboard.js', '/app/client/src/dashboard.tsx', ['assets/icons.js']),
  chunk('assets/auth.js', '/app/node_modules/@supabase/auth-js/dist/module/index.js'),
];
const routes: RoutePreload[] = [
  { path: '^/login/?$', signedIn: false, modules: ['src/login.tsx'] },
  { path: '^/other/?$', signedIn: false, modules: ['src/login.tsx'] },
  { path: '^/$', signedIn: true, modules: ['src/layout.tsx', '@supabase/auth-js', 'src/dashboard.tsx'] },
];

describe('preloadPlan', () => {
  it("lists each screen's chunks and their CSS, without those the entry preloads already", () => {
    const plan = preloadPlan(chunks, clientRoot, routes);
    const filesOf = (at: number) => plan.screens[at]!.files.map((index) => plan.files[index]);
    expect(filesOf(0)).toEqual(['assets/login.js', 'assets/input.js']);
    expect(filesOf(2)).toEqual([
      'assets/layout.css',
      'assets/layout.js',
      'assets/icons.js',
      'assets/auth.js',
      'assets/dashboard.js',
    ]);
    expect(plan.files).toHaveLength(new Set(plan.files).size);
  });

  it("lists the auth client's chunks for a start whose stored session is due for a refresh", () => {
    const plan = preloadPlan(chunks, clientRoot, routes, ['@supabase/auth-js']);
    expect(plan.refresh.map((index) => plan.files[index])).toEqual(['assets/auth.js']);
  });

  it('finds a module grouped into a chunk without a facade (build/first-load-chunks.ts)', () => {
    const grouped = [
      ...chunks,
      chunk('assets/login-group.js', null, ['assets/react.js'], { moduleIds: ['/app/client/src/tabs.tsx'] }),
    ];
    const plan = preloadPlan(grouped, clientRoot, [{ path: '^/tabs$', signedIn: false, modules: ['src/tabs.tsx'] }]);
    expect(plan.screens[0]!.files.map((index) => plan.files[index])).toEqual(['assets/login-group.js']);
  });

  it('fails the build when a screen names a module no chunk starts at', () => {
    expect(() =>
      preloadPlan(chunks, clientRoot, [...routes, { path: '^/x$', signedIn: true, modules: ['src/gone.tsx'] }]),
    ).toThrow(/src\/gone\.tsx/);
  });
});

/**
 * Runs the generated script as a page would, and returns the links it added. `session`: a stored session
 * (its JSON), `true` for one far from expiry, or none.
 */
function runScript(
  script: string,
  pathname: string,
  session: boolean | string,
): { rel: string; href: string; as?: string }[] {
  const added: { rel: string; href: string; as?: string }[] = [];
  const document = {
    createElement: () => ({}) as { rel: string; href: string; as?: string },
    head: { appendChild: (link: { rel: string; href: string; as?: string }) => added.push({ ...link }) },
  };
  const stored = session === true ? JSON.stringify({ expires_at: Date.now() / 1000 + 3600 }) : session || null;
  const localStorage = { getItem: (key: string) => (key === 'sb-sprout-auth-token' ? stored : null) };
  const location = { pathname, hostname: 'sprout.example.com' };
  new Function('document', 'localStorage', 'location', script)(document, localStorage, location);
  return added;
}

describe('preloadScript', () => {
  const realRoutes = preloadPlan(
    [
      chunk('assets/index.js', '/app/client/index.html', [], { isEntry: true }),
      ...[...ROUTE_PRELOADS.flatMap((route) => route.modules), '@supabase/auth-js'].map((module, at) =>
        chunk(
          `assets/m${at}.js`,
          module.startsWith('src/') ? path.join(clientRoot, module) : `/app/node_modules/${module}/index.js`,
        ),
      ),
    ],
    clientRoot,
  );
  const script = preloadScript(realRoutes);
  const screenFiles = (at: number) => realRoutes.screens[at]!.files.map((index) => `/${realRoutes.files[index]}`);
  const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

  it("preloads the visited screen's modules", () => {
    const edit = ROUTE_PRELOADS.findIndex((route) => route.path.includes('edit'));
    expect(hrefs(runScript(script, '/edit/123', true))).toEqual(screenFiles(edit));
    expect(runScript(script, '/edit/123', true).every((link) => link.rel === 'modulepreload')).toBe(true);
  });

  it('preloads /login for a signed-in screen visited without a session, and the dashboard for /login with one', () => {
    expect(hrefs(runScript(script, '/settings', false))).toEqual(screenFiles(0));
    expect(hrefs(runScript(script, '/login', true))).toEqual(screenFiles(2));
    expect(hrefs(runScript(script, '/', true))).toEqual(screenFiles(2));
  });

  it("adds the auth client's chunks to a signed-in screen when the stored session is due for a refresh", () => {
    const refresh = realRoutes.refresh.map((index) => `/${realRoutes.files[index]}`);
    expect(refresh).toHaveLength(1);
    const dueIn = (seconds: number) => JSON.stringify({ expires_at: Date.now() / 1000 + seconds });
    expect(hrefs(runScript(script, '/', dueIn(30)))).toEqual([...screenFiles(2), ...refresh]);
    expect(hrefs(runScript(script, '/', '{not json'))).toEqual([...screenFiles(2), ...refresh]);
    expect(hrefs(runScript(script, '/', dueIn(3600)))).toEqual(screenFiles(2));
    expect(hrefs(runScript(script, '/login', false))).toEqual(screenFiles(0));
  });

  it('adds nothing for an address that is no screen', () => {
    expect(runScript(script, '/no/such/page', true)).toEqual([]);
  });
});

describe('ROUTE_PRELOADS', () => {
  it('covers every lazily loaded screen of the route table', () => {
    const routesSource = fs.readFileSync(path.resolve(import.meta.dirname, '../client/src/app/routes.tsx'), 'utf8');
    const imported = [...routesSource.matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map(
      (match) => path.join('src/app', match[1]!) + '.tsx',
    );
    const preloaded = new Set(ROUTE_PRELOADS.flatMap((route) => route.modules));
    // The 404 page is rare enough to load on its own.
    const missing = imported.filter((module) => !preloaded.has(module) && !module.endsWith('not-found-page.tsx'));
    expect(missing).toEqual([]);
  });
});
