// CPU time spent on the machine's cores, from the scheduler's nanosecond counts (/proc/<pid>/task/*/schedstat):
// unlike a rate, hardly moved by the machine's other load. It says where a load step's cores went: on a
// 2-core machine a figure and its floor that both keep the cores busy stand in the inverse ratio of
// their CPU time per operation, whatever the server's code does with the time it gets.
import fs from 'node:fs';

const tasksOf = (pid: number): string[] => {
  try {
    return fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
};

const threadNs = (pid: number, task: string): number => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) || 0;
  } catch {
    return 0;
  }
};

/** CPU time so far of a process's main thread (its event loop, where a Node server's requests run), ms. */
export function mainThreadCpuMs(pid: number): number {
  return threadNs(pid, String(pid)) / 1e6;
}

/** CPU time of every thread of a process so far, ms (its worker threads included; 0 once it has exited). */
export function processCpuMs(pid: number): number {
  return tasksOf(pid).reduce((sum, task) => sum + threadNs(pid, task), 0) / 1e6;
}

/** CPU time so far of each PostgreSQL server process on this machine (its backends among them), ms by pid. */
export function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // The process ended while the list was read.
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU time between two snapshots, ms: what each process spent, a backend started meanwhile
 * counted whole. A backend that ended meanwhile (an idle pool connection closed) is left out, rather than
 * taking its whole life's time off the sum.
 */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, spent] of after) ms += spent - (before.get(pid) ?? 0);
  return ms;
}
