// One file for the first screen (issue 10). Left to itself, the bundler splits the modules the entry
// and /login share with later screens into some 25 small chunks; on a phone's HTTP/1.1 connections (six
// at a time) each costs a round trip, and together they held /login's first paint back by most of a
// second in Lighthouse's mobile model. One code-splitting group holding the entry module becomes the
// entry chunk: with the entry's static imports and /login's own modules in it, /login loads one script,
// its lazy route import resolves at once, and later screens load what they share with /login with the
// entry they load anyway (about 2 KiB more for them than the login screen's own code).
import path from 'node:path';
import type { Plugin } from 'vite';
import { GROUPED_INTO_ENTRY } from './first-load';

/** The /login screen's route module (client/src/app/routes.tsx loads it lazily; first-load.ts knows it is grouped). */
export const LOGIN_ROUTE = GROUPED_INTO_ENTRY[0] as string;

export interface FirstLoadChunks {
  /** Collects the entry's and the /login screen's static module graphs once the build has parsed every module. */
  plugin: Plugin;
  /** For `build.rolldownOptions.output.codeSplitting`. */
  codeSplitting: { groups: { name: string; test: (id: string) => boolean }[] };
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string> | readonly string[];
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry?: boolean } | null;
}

/** `start` and every module it imports statically, as module ids. */
export function staticClosure(graph: Pick<ModuleGraph, 'getModuleInfo'>, start: string): Set<string> {
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
 * Whether the group names `id` itself: the app's own modules and lucide's icons. The packages they use
 * come along (the group takes its modules' dependencies, after tree-shaking); naming packages here would
 * take every re-export of a barrel such as `radix-ui`, that is every Radix primitive of the app.
 */
export const ownModule = (id: string) => !id.includes('/node_modules/') || /\/node_modules\/lucide-react\/dist\/esm\/icons\//.test(id);

/** The modules of the first screen: the entries' and /login's static imports (the app's own, see ownModule). */
export function firstScreenModules(graph: ModuleGraph, loginModule: string): Set<string> {
  if (!graph.getModuleInfo(loginModule)) throw new Error(`first-load-chunks: the build has no module ${LOGIN_ROUTE}`);
  const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  return new Set([...entries, loginModule].flatMap((id) => [...staticClosure(graph, id)]).filter(ownModule));
}

export function firstLoadChunks(clientRoot: string): FirstLoadChunks {
  let first = new Set<string>();
  const loginModule = path.join(clientRoot, LOGIN_ROUTE);
  return {
    plugin: {
      name: 'sprout-first-load-chunks',
      apply: 'build',
      buildEnd() {
        first = firstScreenModules(this, loginModule);
      },
    },
    // The group holding the entry module is the entry chunk (its name stays 'index').
    codeSplitting: { groups: [{ name: 'index', test: (id) => first.has(id) }] },
  };
}
