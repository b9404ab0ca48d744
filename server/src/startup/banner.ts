// What `npm start` tells a person at a terminal once the server listens: which version, where it is, which database it
// uses and whether the AI assistant has a provider key. Pure, so the wording is unit-tested.
import type { Config } from '../config';

export interface StartSummary {
  /** The version and commit in words (startup/version.ts). */
  version: string;
  url: string;
  database: string;
  ai: string;
  startupMs: number;
}

/** The database in words, never with a password: the embedded one's folder, or the server's address. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    const name = url.pathname.replace(/^\//, '') || '(default database)';
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}, database ${name}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** Whether the assistant can answer out of the box, and what to do when it cannot. */
export function describeAi(ai: Config['ai']): string {
  if (ai.serverKey) return `${ai.providerName} at ${ai.baseUrl}, with the server's key`;
  return (
    `${ai.providerName} at ${ai.baseUrl}, no server key: each user can add their own on the API setup page, ` +
    'or start with OPENROUTER_API_KEY=...'
  );
}

export function summarizeStart(config: Config, startupMs: number, version: string): StartSummary {
  return {
    version,
    url: `http://${config.host}:${config.port}`,
    database: describeDatabase(config),
    ai: describeAi(config.ai),
    startupMs: Math.round(startupMs),
  };
}

const paint = (on: boolean, code: string) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** The banner's lines; `color` adds ANSI colours (terminals that do not opt out with NO_COLOR). */
export function formatBanner(summary: StartSummary, color: boolean): string {
  const green = paint(color, '32');
  const bold = paint(color, '1');
  const dim = paint(color, '2');
  const row = (label: string, value: string) => `  ${dim(label.padEnd(9))} ${value}`;
  return [
    '',
    `  ${green(bold('Sprout'))} ${summary.version} is running at ${bold(summary.url)}`,
    '',
    row('Database', summary.database),
    row('AI', summary.ai),
    '',
    dim(`  Started in ${summary.startupMs} ms. Press Ctrl+C to stop.`),
    '',
  ].join('\n');
}
