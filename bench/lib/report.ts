// docs/benchmarks.md: one section per figure group between markers, so a run of some groups leaves the
// others' last figures in place. Each section says when, on what machine and under what load it ran.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchGroup } from './group';
import type { Row } from './row';

const FILE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');

const HEADER = `# Benchmarks

\`npm run bench\` measures every figure of issue 10 beside its floor in the same run: the figure and its
floor are taken in interleaved rounds (A B C, then B C A, ...), and the table gives the medians of the
rounds, their ratio and the range of the rounds. On a shared machine the absolute numbers move with the
load; read the ratios. \`npm run bench -- api sync\` runs only the named groups (the other sections stay
as they were); \`npm run bench:smoke\` is the quick CI check of the ratios (see the end of this file).

Ratio = figure / floor: above 1 for a time or a size means slower or bigger than the floor; below 1 for a
rate means fewer requests per second than the floor. "Met" is the issue's goal for the row, judged from
this run's medians.
`;

export interface RunInfo {
  command: string;
  startedAt: Date;
  loadBefore: number;
  loadAfter: number;
  seconds: number;
}

export function machineDescription(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${os.availableParallelism()} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

const cell = (value: number | null, unit = '') =>
  value === null || !Number.isFinite(value) ? '' : `${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;
const verdict = (met: boolean | null) => (met === null ? '' : met ? 'yes' : '**no**');

export function renderSection(group: BenchGroup, rows: Row[], info: RunInfo): string {
  const lines = [
    `## ${group.title} (\`npm run bench -- ${group.name}\`)`,
    '',
    group.method,
    '',
    '| Measure | Sprout | Floor | Floor value | Ratio | Goal | Met | Range of rounds (figure / floor) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${cell(r.value, r.unit)} | ${r.floorName} | ${cell(r.floorValue, r.unit)} | ${r.ratio === null ? '' : `${r.ratio}x`} | ${r.goal} | ${verdict(r.met)} | ${r.spread} |`,
    ),
    '',
    `_${info.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`${info.command}\`, ${Math.round(info.seconds)} s; ${machineDescription()}; ` +
      `load average ${info.loadBefore.toFixed(2)} at the start, ${info.loadAfter.toFixed(2)} at the end._`,
  ];
  return lines.join('\n');
}

/** Replaces (or adds, in the groups' order) the group's section of docs/benchmarks.md. */
export function writeSection(group: BenchGroup, markdown: string, order: readonly BenchGroup[]): void {
  const current = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '';
  const tailAt = current.indexOf('<!-- bench:tail -->');
  const head = tailAt === -1 ? current : current.slice(0, tailAt);
  const sections = new Map<string, string>();
  for (const match of head.matchAll(/<!-- bench:([\w-]+):start -->\n([\s\S]*?)\n<!-- bench:\1:end -->/g)) {
    if (!sections.has(match[1]!)) sections.set(match[1]!, match[2]!);
  }
  sections.set(group.name, markdown.trim());
  const tail = tailAt === -1 ? '' : current.slice(tailAt);
  // The groups this run knows, in their order; then any other section the file holds (a group added
  // since this run started, or one another checkout measured), never dropped.
  const known = order.map((g) => g.name).filter((name) => sections.has(name));
  const others = [...sections.keys()].filter((name) => !known.includes(name));
  const body = [...known, ...others]
    .map((name) => `<!-- bench:${name}:start -->\n${sections.get(name)}\n<!-- bench:${name}:end -->`)
    .join('\n\n');
  fs.writeFileSync(FILE, `${HEADER}\n${body}\n${tail ? `\n${tail.trimEnd()}\n` : ''}`);
}
