// Threads and processes the server starts run a script of their own from this folder (the PGlite worker,
// the process that creates a data directory). Loads no package: the request thread imports it.

/** The compiled script beside the compiled server; the TypeScript source (through tsx) in tests and dev. */
export function siblingScript(name: string): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts'))
    return { url: new URL(`./${name}.ts`, import.meta.url), execArgv: ['--import', 'tsx'] };
  return { url: new URL(`./${name}.js`, import.meta.url), execArgv: [] };
}
