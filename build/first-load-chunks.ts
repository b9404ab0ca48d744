// One file for the first screen, one more for a returning user's / (issue 10). Left to itself, the
// bundler splits the modules the entry and /login share with later screens into some 25 small chunks, and
// those of the signed-in start into 17 more; on a phone's HTTP/1.1 connections (six at a time) each costs
// a round trip, and together they held the first paint back by most of a second in Lighthouse's mobile
// model. So the build makes two code-splitting groups (first-load.ts names their routes):
// - 'index' holds the entry module and so becomes the entry chunk: with the entry's static imports and
//   /login's own modules in it, /login loads one script, its lazy route import resolves at once, and later
//   screens load what they share with /login with the entry they load anyway (a little more for them
//   than the login screen's own code);
// - 'signed-in-start' holds the rest of the signed-in layout's and the dashboard's static imports (the
//   notes' data layer with Dexie, the layout, the dashboard), so / signed in loads the entry and this one
//   file; the other signed-in screens load it anyway, as they render inside the layout.
// A group takes its modules' dependencies too. The app imports each Radix primitive from its own package
// (never the `radix-ui` barrel, whose module links every primitive), so that what the toaster and the
// auth client that /login loads later need stays out of the signed-in group (size-budget.ts checks).
import path from 'node:path';
import type { Plugin } from 'vite';
import { GROUPED_ROUTES, LOGIN_ROUTE } from './first-load';

export interface FirstLoadChunks {
  /** Collects the groups' static module graphs once the build has parsed every module. */
  plugin: Plugin;
  /** For `build.rolldownOptions.output.codeSplitting`. */
  codeSplitting: { groups: { name: string; test: (id: string) => boolean; priority: number }[] };
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
 * Whether a group names `id` itself: the app's own modules and lucide's icons. The packages they use
 * come along (the group takes its modules' dependencies, after tree-shaking); naming packages here would
 * take every re-export of a barrel, that is every export of the package the app uses anywhere.
 */
export const ownModule = (id: string) =>
  !id.includes('/node_modules/') || /\/node_modules\/lucide-react\/dist\/esm\/icons\//.test(id);

/**
 * The modules of each group (see ownModule), by group name: 'index' has the entries' and /login's static
 * imports, each other group its routes' static imports that no earlier group has.
 */
export function groupModules(
  graph: ModuleGraph,
  clientRoot: string,
  groups: Readonly<Record<string, readonly string[]>> = GROUPED_ROUTES,
): Map<string, Set<string>> {
  const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  const taken = new Set<string>();
  const result = new Map<string, Set<string>>();
  for (const [name, routes] of Object.entries(groups)) {
    const starts = routes.map((route) => {
      const id = path.join(clientRoot, route);
      if (!graph.getModuleInfo(id)) throw new Error(`first-load-chunks: the build has no module ${route}`);
      return id;
    });
    if (name === 'index') starts.unshift(...entries);
    const modules = new Set(
      starts.flatMap((id) => [...staticClosure(graph, id)]).filter((id) => ownModule(id) && !taken.has(id)),
    );
    for (const id of modules) taken.add(id);
    result.set(name, modules);
  }
  return result;
}

export function firstLoadChunks(clientRoot: string): FirstLoadChunks {
  if (!GROUPED_ROUTES.index?.includes(LOGIN_ROUTE))
    throw new Error("first-load-chunks: the 'index' group must hold /login");
  let groups = new Map<string, Set<string>>();
  const names = Object.keys(GROUPED_ROUTES);
  return {
    plugin: {
      name: 'sprout-first-load-chunks',
      apply: 'build',
      buildEnd() {
        groups = groupModules(this, clientRoot);
      },
    },
    // The group holding the entry module is the entry chunk (its name stays 'index'). An earlier group
    // takes its modules, and the dependencies they share with a later one, first.
    codeSplitting: {
      groups: names.map((name, at) => ({
        name,
        test: (id: string) => groups.get(name)?.has(id) ?? false,
        priority: names.length - at,
      })),
    },
  };
}
