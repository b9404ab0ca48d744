// What the browser fetches before a route is interactive, read from Vite's build manifest: the entry's
// static imports (index.html's script and its modulepreloads) plus, for each lazily loaded route
// module, its chunk and that chunk's static imports (Vite preloads them with it). Dynamic imports are
// not followed: they load later, when code asks for them.

/** One entry of `.vite/manifest.json` (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  /** The chunk's name (a code-splitting group's name for the chunk of a group). */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The /login screen's route module. */
export const LOGIN_ROUTE = 'src/features/auth/login-page.tsx';

/** What a returning user's / loads: the signed-in screens' layout and the dashboard. */
export const SIGNED_IN_START: readonly string[] = [
  'src/app/signed-in-app.tsx',
  'src/features/notes/dashboard-page.tsx',
];

/**
 * What /login loads later, once the page is shown: the toaster's code (at the load event or the first
 * toast) and the auth client (at the visitor's first interaction).
 */
export const LOGIN_LATER: readonly string[] = [
  'src/components/ui/toaster.tsx',
  '../node_modules/@supabase/auth-js/dist/module/index.js',
];

/**
 * The chunks of the build's code-splitting groups (build/first-load-chunks.ts) by name, with
 * the route modules each holds: such a route has no manifest entry of its own (no chunk starts at it),
 * and loading it loads its group's chunk. The group named 'index' is the entry chunk.
 */
export const GROUPED_ROUTES: Readonly<Record<string, readonly string[]>> = {
  index: [LOGIN_ROUTE],
  'signed-in-start': SIGNED_IN_START,
};

/** The manifest key of the chunk holding the grouped route `source`, if the build grouped it. */
function groupChunkKey(manifest: Manifest, source: string, entry: string): string | undefined {
  const group = Object.keys(GROUPED_ROUTES).find((name) => GROUPED_ROUTES[name]?.includes(source));
  if (group === undefined || source in manifest) return undefined;
  if (group === 'index') return entry;
  // A chunk no module starts at is keyed by its file name, with an underscore: `_signed-in-start-<hash>.js`.
  return Object.keys(manifest).find(
    (key) => key.startsWith('_') && manifest[key]?.name === group && !manifest[key]?.src,
  );
}

/**
 * The JS and CSS files loaded before the routes `routeSources` (manifest keys such as
 * `src/features/auth/login-page.tsx`) render, in load order, each once.
 */
export function firstLoadFiles(
  manifest: Manifest,
  routeSources: readonly string[],
  entry = 'index.html',
): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry '${key}'`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  };
  visit(entry);
  for (const source of routeSources) visit(groupChunkKey(manifest, source, entry) ?? source);
  return { js, css: [...css] };
}
