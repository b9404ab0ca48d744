// Which chunks a dynamic import preloads (issue 33). For each `import()` Vite lists the chunks the imported
// one needs and, when the import runs, appends a <link rel="modulepreload"> for each not yet linked, so that
// they download side by side instead of one after another. That is worth it when someone waits for the
// code. Nobody waits for the work a signed-in start lets go after its content is on screen (the sync's
// engine, the server's adapter, the Supabase clients), and there each link was a request started from
// script on a phone's busy main thread: in Lighthouse's trace the appends took 4-27 ms; with one core busy
// the start without them scored better in 21 of 32 interleaved pairs and worse in 9 (docs/decisions.md,
// 'Work after the content imports without preloading'). These imports load their chunks as plain module
// imports.
//
// And no import preloads the entry chunk: it is the page's own script, always loaded before any import
// runs, yet Vite listed it (its link was one more request for a file already there).
import type { Plugin } from 'vite';

/** A chunk of the bundle, as far as this needs it. */
interface BundleChunk {
  isEntry?: boolean;
  facadeModuleId?: string | null;
}

/**
 * The modules imported only for work after the content: a chunk whose import starts at one of them is
 * loaded without preloading its dependencies. Paths end the module's id (`/node_modules/...` or the
 * app's path from the repository's root).
 */
export const BACKGROUND_MODULES: readonly string[] = [
  '/client/src/data/notes/sync-engine.ts',
  '/client/src/data/notes/supabase-remote.ts',
  '/client/src/data/notes/live-changes.ts',
  '/node_modules/@supabase/auth-js/dist/module/index.js',
  '/node_modules/@supabase/postgrest-js/dist/index.mjs',
  '/node_modules/@supabase/realtime-js/dist/module/index.js',
];

/**
 * The dependencies the import of `file` preloads: none for a chunk that starts at a background module,
 * the rest without the entry chunk. `bundle` maps the output's file names to its chunks.
 */
export function preloadedDependencies(
  file: string,
  deps: readonly string[],
  bundle: Readonly<Record<string, BundleChunk>>,
  background: readonly string[] = BACKGROUND_MODULES,
): string[] {
  const facade = bundle[file]?.facadeModuleId ?? null;
  if (facade && background.some((suffix) => facade.endsWith(suffix))) return [];
  return deps.filter((dep) => !bundle[dep]?.isEntry);
}

/**
 * The plugin that keeps the bundle for `resolveDependencies` (Vite asks it while rewriting the imports, in
 * its own generateBundle: this one's runs first), and the function for `build.modulePreload`.
 */
export function backgroundImports(background: readonly string[] = BACKGROUND_MODULES): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[]) => string[];
} {
  let bundle: Readonly<Record<string, BundleChunk>> = {};
  return {
    plugin: {
      name: 'sprout-background-imports',
      apply: 'build',
      enforce: 'pre',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output as unknown as Record<string, BundleChunk>;
          // A module renamed or merged into another chunk would quietly be preloaded again.
          const missing = background.filter(
            (suffix) => !Object.values(bundle).some((chunk) => chunk.facadeModuleId?.endsWith(suffix)),
          );
          if (missing.length > 0) {
            const message = `background-imports: no chunk starts at ${missing.join(', ')} (build/background-imports.ts)`;
            // Printed too: vite-plugin-pwa's closeBundle fails next, and Vite reports that error instead.
            console.error(message);
            this.error(message);
          }
        },
      },
    },
    resolveDependencies: (file, deps) => preloadedDependencies(file, deps, bundle, background),
  };
}
