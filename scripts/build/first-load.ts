// What the browser fetches before a route is interactive, read from Vite's build manifest: the entry's
// static imports (index.html's script and its modulepreloads) plus, for each lazily loaded route
// module, its chunk and that chunk's static imports (Vite preloads them with it). Dynamic imports are
// not followed: they load later, when code asks for them.

/** One entry of `.vite/manifest.json` (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The route modules the build may put into the entry chunk (scripts/build/first-load-chunks.ts): a
 * manifest without an entry of their own has them there.
 */
export const GROUPED_INTO_ENTRY: readonly string[] = ['src/features/auth/login-page.tsx'];

/**
 * The JS and CSS files loaded before the routes `routeSources` (manifest keys such as
 * `src/features/auth/login-page.tsx`) render, in load order, each once.
 */
export function firstLoadFiles(manifest: Manifest, routeSources: readonly string[], entry = 'index.html'): { js: string[]; css: string[] } {
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
  for (const source of routeSources) if (!(GROUPED_INTO_ENTRY.includes(source) && !(source in manifest))) visit(source);
  return { js, css: [...css] };
}
