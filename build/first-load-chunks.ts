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
import { GROUPED_ROUTES, LOGIN_LATER, LOGIN_ROUTE } from './first-load';

export interface FirstLoadChunks {
  /** Collects the groups' static module graphs once the build has parsed every module. */
  plugin: Plugin;
  /** For `build.rolldownOptions.output.codeSplitting`. */
  codeSplitting: { groups: { name: string; test: (id: string) => boolean; priority: number }[] };
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string> | readonly string[];
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry?: boolean; code?: string | null } | null;
}

const LUCIDE_ICON = /\/node_modules\/lucide-react\/dist\/esm\/icons\//;
const LUCIDE_BARREL = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;

/** Each name lucide's barrel exports, and the icon module it is, read from the barrel's code. */
export function barrelIcons(barrelId: string, code: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const [, names, file] of code.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    const id = path.posix.join(path.posix.dirname(barrelId), file!);
    for (const name of names!.split(',')) {
      const exported = /default as (\w+)/.exec(name)?.[1];
      if (exported) icons.set(exported, id);
    }
  }
  return icons;
}

/**
 * The icons a module's code imports from lucide's barrel by name; null when it imports the barrel in a way
 * this cannot read (a namespace import), so that the caller follows the barrel whole.
 */
export function importedIcons(code: string, icons: ReadonlyMap<string, string>): string[] | null {
  const imports = [...code.matchAll(/import\s*(\{[^}]*\}|[^'";]*?)\s*from\s*["']lucide-react["']/g)];
  const ids: string[] = [];
  for (const [, clause] of imports) {
    if (!clause!.startsWith('{')) return null;
    for (const part of clause!.slice(1, -1).split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (!name) continue;
      const id = icons.get(name);
      if (!id) return null;
      ids.push(id);
    }
  }
  return ids;
}

/**
 * `start` and every module it imports statically, as module ids. A module that imports lucide-react's
 * barrel is taken to import only the icons it names: the barrel imports all 2,000 of them, and followed
 * whole it put every icon the app uses anywhere in the group (and so in the entry chunk).
 */
export function staticClosure(graph: Pick<ModuleGraph, 'getModuleInfo'>, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  let icons: Map<string, string> | null | undefined;
  const iconsOf = (barrelId: string) => {
    if (icons === undefined) {
      const code = graph.getModuleInfo(barrelId)?.code;
      icons = code ? barrelIcons(barrelId, code) : null;
    }
    return icons;
  };
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = LUCIDE_BARREL.test(imported) ? iconsOf(imported) : null;
      const named = barrel && info?.code ? importedIcons(info.code, barrel) : null;
      if (named) stack.push(...named);
      else stack.push(imported);
    }
  }
  return seen;
}

/**
 * Whether a group names `id` itself: the app's own modules and lucide's icons. The packages they use
 * come along (the group takes its modules' dependencies, after tree-shaking); naming packages here would
 * take every re-export of a barrel, that is every export of the package the app uses anywhere.
 */
export const ownModule = (id: string) => !id.includes('/node_modules/') || LUCIDE_ICON.test(id);

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
    // The icons of what /login loads later (the toaster) come with the entry: in a later group, loading
    // the toaster on /login would load that group's whole chunk.
    if (name === 'index')
      for (const later of LOGIN_LATER.map((route) => path.join(clientRoot, route)).filter((id) =>
        graph.getModuleInfo(id),
      ))
        for (const id of staticClosure(graph, later)) if (LUCIDE_ICON.test(id) && !taken.has(id)) modules.add(id);
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
