// Fewer, larger files for the first screen (issue 10). Left to itself, the bundler splits the modules
// the entry and /login share with later screens into some 25 small chunks; on a phone's HTTP/1.1
// connection (six at a time) each costs a round trip, and together they held /login's first paint back
// by most of a second in Lighthouse's mobile model. Two groups make them two files: everything the
// entry loads statically ('shell'), and the rest of the /login screen's static imports ('login'). Later
// screens that share a module with /login load that file too (a few KiB more for them, in one request).
import path from 'node:path';
import type { Plugin } from 'vite';

/** The /login screen's route module (client/src/app/routes.tsx loads it lazily). */
export const LOGIN_ROUTE = 'src/features/auth/login-page.tsx';

export interface FirstLoadChunks {
  /** Collects the /login screen's static module graph once the build has parsed every module. */
  plugin: Plugin;
  /** For `build.rolldownOptions.output.codeSplitting`. */
  codeSplitting: { groups: { name: string; priority: number; tags?: ['$initial']; test?: (id: string) => boolean }[] };
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** `start` and every module it imports statically, as module ids. */
export function staticClosure(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Whether the login group takes `id`: the app's own modules and lucide's icons. Packages stay with the
 * bundler's own splitting: the graph counts every re-export of a barrel such as `radix-ui`, so following
 * it would pull every Radix primitive of the app into /login's file.
 */
const loginOwn = (id: string) => !id.includes('/node_modules/') || /\/node_modules\/lucide-react\/dist\/esm\/icons\//.test(id);

export function firstLoadChunks(clientRoot: string): FirstLoadChunks {
  let login = new Set<string>();
  const loginModule = path.join(clientRoot, LOGIN_ROUTE);
  return {
    plugin: {
      name: 'sprout-first-load-chunks',
      apply: 'build',
      buildEnd() {
        if (!this.getModuleInfo(loginModule)) throw new Error(`first-load-chunks: the build has no module ${LOGIN_ROUTE}`);
        login = staticClosure(this, loginModule);
      },
    },
    codeSplitting: {
      groups: [
        // The higher priority wins a module both want: the entry's modules stay with the entry.
        { name: 'shell', tags: ['$initial'], priority: 2 },
        // The route module itself stays its own chunk: Vite's manifest, the route preloads and the service
        // worker's shell name the screen by it.
        { name: 'login', test: (id) => id !== loginModule && login.has(id) && loginOwn(id), priority: 1 },
      ],
    },
  };
}
