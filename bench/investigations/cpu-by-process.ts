// Where a command's CPU goes, by kind of process (issue 35): Chromium, the app servers, the fake AI
// provider, the test runners and the rest. Every process's user and system time is read from /proc every
// SAMPLE_MS (250 by default) while the command runs; a process counts with the last time seen, so one that
// exits between two samples loses at most that interval (the machine's total, from /proc/stat, is printed
// beside the groups, and the remainder is what was lost or ran outside the command). For the browser tests:
// `node --import tsx bench/investigations/cpu-by-process.ts npx playwright test e2e/today.spec.ts`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const sampleMs = Number(process.env.SAMPLE_MS ?? 250);

/** The kind of a process, from its command line. */
function kindOf(cmdline: string): string {
  if (/chrom(e|ium)/i.test(cmdline)) return 'Chromium';
  if (/scripts\/start\.mjs|server\/dist|sprout-server/.test(cmdline)) return 'app servers';
  if (/fake-ai-provider/.test(cmdline)) return 'fake AI provider';
  if (/servers-main/.test(cmdline)) return 'e2e servers launcher';
  if (/playwright|vitest/.test(cmdline)) return 'test runners';
  if (/postgres/.test(cmdline)) return 'PostgreSQL';
  return 'other';
}

function busyTicks(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return fields.reduce((a, b) => a + b, 0) - fields[3]! - fields[4]!;
}

/** Each running process's CPU ticks so far (user + system), with its kind. */
function sample(seen: Map<number, { kind: string; ticks: number }>): void {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The fields after the command name, which may hold spaces and parentheses.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(rest[11]) + Number(rest[12]);
      const known = seen.get(pid);
      if (known) known.ticks = Math.max(known.ticks, ticks);
      else {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        seen.set(pid, { kind: kindOf(cmdline), ticks });
      }
    } catch {
      // Gone between the listing and the read.
    }
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: cpu-by-process.ts <command> [args...]');
const before = new Map<number, { kind: string; ticks: number }>();
sample(before);
const seen = new Map<number, { kind: string; ticks: number }>();
const busy0 = busyTicks();
const started = Date.now();
const child = spawn(command, args, { stdio: 'inherit' });
const timer = setInterval(() => sample(seen), sampleMs);
const status = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
clearInterval(timer);
sample(seen);
const busy = (busyTicks() - busy0) / TICKS_PER_SECOND;
const groups = new Map<string, number>();
for (const [pid, { kind, ticks }] of seen) {
  // A process that was running before the command counts only for what it used since.
  const spent = (ticks - (before.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND;
  if (spent > 0) groups.set(kind, (groups.get(kind) ?? 0) + spent);
}
const counted = [...groups.values()].reduce((a, b) => a + b, 0);
console.error(`== wall ${((Date.now() - started) / 1000).toFixed(1)} s, machine busy ${busy.toFixed(1)} CPU-s`);
for (const [kind, cpu] of [...groups].sort((a, b) => b[1] - a[1]))
  console.error(
    `   ${kind.padEnd(22)} ${cpu.toFixed(1).padStart(7)} CPU-s  ${((100 * cpu) / busy).toFixed(0).padStart(3)} %`,
  );
console.error(`   ${'not seen'.padEnd(22)} ${(busy - counted).toFixed(1).padStart(7)} CPU-s`);
process.exit(status);
