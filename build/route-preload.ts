// Per-route module preloads (issue 10). Every screen is a lazily loaded route, so without help the
// browser learns which chunks a screen needs only after the entry has downloaded and run: a second
// round trip (a third for the signed-in layout's screens) on a phone's slow network. The build writes
// one small inline script into index.html that, before the entry starts, looks at the address and at
// whether a session is stored, and adds <link rel="modulepreload"> for that screen's chunks, so they
// download beside the entry. The server's Content-Security-Policy allows it by its hash, like the theme
// script (server/src/http/security-headers.ts).
import path from 'node:path';
import type { Plugin } from 'vite';

/** A screen: the addresses that show it, whether it needs a session, and its modules (paths under client/). */
export interface RoutePreload {
  /** A regular expression source matched against location.pathname. */
  path: string;
  signedIn: boolean;
  modules: readonly string[];
}

// The auth and REST clients are not here: a signed-in start from a stored session loads them once the
// first screen is shown (client/src/lib/first-content.ts), and until then they would only take a slow
// network's bandwidth from the screen's own chunks.
const SIGNED_IN_LAYOUT = ['src/app/signed-in-app.tsx'];

/**
 * What a start with a stored session due for a refresh needs at once: the auth client, which refreshes it
 * before the app can say whether the user is still signed in (client/src/data/auth/auth-state.ts).
 */
const REFRESH_MODULES = ['@supabase/auth-js'];

/** supabase-js refreshes a stored session this close to its expiry first (SESSION_REFRESH_MARGIN_MS). */
const REFRESH_MARGIN_MS = 90_000;

/** A screen that reads server state other than notes loads TanStack Query beside it (client/src/app/routes.tsx). */
const SERVER_STATE = 'src/lib/query-provider.tsx';

const signedIn = (path: string, page: string, ...more: string[]): RoutePreload => ({
  path,
  signedIn: true,
  modules: [...SIGNED_IN_LAYOUT, page, ...more],
});

/**
 * The screens of client/src/app/routes.tsx (route-preload.test.ts holds the two lists together). The
 * first match wins; a signed-in screen visited without a session preloads /login, where the app sends
 * the visitor, and /login with a session preloads the dashboard.
 */
export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  { path: '^/login/?$', signedIn: false, modules: ['src/features/auth/login-page.tsx'] },
  { path: '^/api-setup/?$', signedIn: false, modules: ['src/features/api-setup/api-setup-page.tsx', SERVER_STATE] },
  signedIn('^/(dashboard/?)?$', 'src/features/notes/dashboard-page.tsx'),
  signedIn('^/new/?$', 'src/features/ai/creation/new-idea-page.tsx', SERVER_STATE),
  signedIn('^/edit/[^/]+/?$', 'src/features/notes/edit-note-page.tsx', SERVER_STATE),
  signedIn('^/(view|note)/[^/]+/?$', 'src/features/notes/note-view-page.tsx', SERVER_STATE),
  signedIn('^/chat/?$', 'src/features/ai/chat/chat-page.tsx', SERVER_STATE),
  signedIn('^/checklists/?$', 'src/features/notes/checklists-page.tsx'),
  signedIn('^/today/?$', 'src/features/today/today-page.tsx'),
  signedIn('^/archive/?$', 'src/features/notes/archive-page.tsx'),
  signedIn('^/trash/?$', 'src/features/trash/trash-page.tsx', SERVER_STATE),
  signedIn('^/settings/?$', 'src/features/settings/settings-page.tsx', SERVER_STATE),
  signedIn('^/profile/?$', 'src/features/profile/profile-page.tsx', SERVER_STATE),
  signedIn('^/capture/?$', 'src/features/notes/quick-capture/capture-page.tsx'),
  signedIn('^/search/?$', 'src/features/palette/search-page.tsx'),
];

/** The parts of a Rollup/Rolldown output chunk read here. */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  /** The modules the chunk holds (a chunk of grouped modules, build/first-load-chunks.ts, has no facade). */
  moduleIds?: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

/** The chunk whose facade is `module` (a path under client/ or a package name), else the chunk holding it. */
function chunkOf(chunks: readonly BuiltChunk[], clientRoot: string, module: string): BuiltChunk {
  const wanted = module.startsWith('src/') ? path.join(clientRoot, module) : `/node_modules/${module}/`;
  const matches = (id: string | null) =>
    id !== null && (module.startsWith('src/') ? id === wanted : id.includes(wanted));
  const found =
    chunks.find((chunk) => matches(chunk.facadeModuleId)) ?? chunks.find((chunk) => chunk.moduleIds?.some(matches));
  if (!found)
    throw new Error(
      `route-preload: no chunk of the build starts at ${module}; update ROUTE_PRELOADS (build/route-preload.ts)`,
    );
  return found;
}

/** `start` and every chunk it imports statically, as file names, imports first. */
function closure(byName: ReadonlyMap<string, BuiltChunk>, start: BuiltChunk, into: Set<string>): void {
  if (into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const name of start.imports) {
    const chunk = byName.get(name);
    if (chunk) closure(byName, chunk, into);
  }
}

export interface PreloadPlan {
  /** Every file preloaded by some screen, once. */
  files: string[];
  /** Per screen: its path, whether it needs a session, and the indexes of its files in `files`. */
  screens: { path: string; signedIn: boolean; files: number[] }[];
  /** The indexes of the files a signed-in screen adds when the stored session is due for a refresh. */
  refresh: number[];
}

/** For each screen, the chunks (and their CSS) it needs beyond those the entry preloads already. */
export function preloadPlan(
  chunks: readonly BuiltChunk[],
  clientRoot: string,
  routes: readonly RoutePreload[] = ROUTE_PRELOADS,
  refreshModules: readonly string[] = REFRESH_MODULES,
): PreloadPlan {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route-preload: the build has no entry chunk');
  const loadedByEntry = new Set<string>();
  closure(byName, entry, loadedByEntry);

  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const filesOf = (modules: readonly string[]) => {
    const needed = new Set<string>();
    for (const module of modules) closure(byName, chunkOf(chunks, clientRoot, module), needed);
    const own = [...needed].filter((file) => !loadedByEntry.has(file));
    const css = own.flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]);
    return [...new Set([...css, ...own])].map(indexOf);
  };
  const screens = routes.map((route) => ({
    path: route.path,
    signedIn: route.signedIn,
    files: filesOf(route.modules),
  }));
  return { files, screens, refresh: filesOf(refreshModules) };
}

/**
 * The inline script: picks the screen (a signed-in one without a session counts as /login, /login with
 * one as the dashboard, where the app sends each) and adds its preloads, with the auth client's when the
 * stored session is due for a refresh. ES5 and self-contained, as it runs before any module; a failure
 * only loses the head start.
 */
export function preloadScript(plan: PreloadPlan, base = '/'): string {
  const screens = plan.screens.map((screen) => [screen.path, screen.signedIn ? 1 : 0, screen.files]);
  const login = plan.screens.findIndex((screen) => screen.path === ROUTE_PRELOADS[0]?.path);
  const dashboard = plan.screens.findIndex((screen) => new RegExp(screen.path).test('/') && screen.signedIn);
  if (login < 0 || dashboard < 0) throw new Error('route-preload: the plan needs /login and the dashboard');
  return `(function(){try{var f=${JSON.stringify(plan.files)},s=${JSON.stringify(screens)},r=${JSON.stringify(plan.refresh)},p=location.pathname,t=localStorage.getItem('sb-'+location.hostname.split('.')[0]+'-auth-token'),a=!!t,m=null,i,e;for(i=0;i<s.length&&!m;i++)if(new RegExp(s[i][0]).test(p))m=s[i];if(!m)return;if(m[1]&&!a)m=s[${login}];else if(m===s[${login}]&&a)m=s[${dashboard}];e=m[2];if(m[1]){try{a=!(JSON.parse(t).expires_at*1000-Date.now()>${REFRESH_MARGIN_MS})}catch(x){}if(a)e=e.concat(r)}e.forEach(function(n){var l=document.createElement('link'),c=/\\.css$/.test(f[n]);l.rel=c?'preload':'modulepreload';if(c)l.as='style';else l.crossOrigin='';l.href=${JSON.stringify(base)}+f[n];document.head.appendChild(l)})}catch(e){}})();`;
}

/** The Vite plugin: adds the script to the built index.html (the dev server loads modules as asked). */
export function routePreload(clientRoot: string): Plugin {
  return {
    name: 'sprout-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const chunks = Object.values(context.bundle).filter(
          (output): output is typeof output & BuiltChunk => output.type === 'chunk',
        );
        const script = `<script>${preloadScript(preloadPlan(chunks, clientRoot))}</script>`;
        // Before the entry and the stylesheet: an inline script after a stylesheet waits for it to load.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route-preload: the built index.html has no module script');
        return `${html.slice(0, at)}${script}\n    ${html.slice(at)}`;
      },
    },
  };
}
