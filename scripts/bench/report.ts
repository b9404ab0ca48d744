// Writes one benchmark's results into its own section of docs/benchmarks.md, leaving the other
// sections as they are, so each benchmark can be run on its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');
const HEADER = `# Benchmarks

Measured with \`npm run bench\` (or one benchmark with \`npm run bench:<name>\`). Figures are from the
machine named in each section; rerun them after a change that could move them. These are measurements,
not tests: nothing fails on a slow figure.
`;

export function machineDescription(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** Replaces (or appends) the section `name` with `markdown`, which should start with a `## ` heading. */
export function writeBenchmarkSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const current = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : HEADER;
  const block = `${start}\n${markdown.trim()}\n\n_Measured ${new Date().toISOString().slice(0, 10)} on ${machineDescription()}._\n${end}`;
  const pattern = new RegExp(`${escape(start)}[\\s\\S]*?${escape(end)}`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(FILE, next);
}

/** Median and 95th percentile of a list of numbers, rounded to 0.1. */
export function summarize(values: number[]): { median: number; p95: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(at(0.5)), p95: round(at(0.95)), min: round(sorted[0] ?? NaN), max: round(sorted.at(-1) ?? NaN) };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
