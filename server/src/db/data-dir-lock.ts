// An exclusive lock on DATA_DIR: PGlite is single-process, so a second server on the same directory
// must refuse to start instead of corrupting the database. The lock file proves whose it is: a random
// token, the PID, and that process's start time and the machine's boot id (Linux /proc), so a stale lock
// whose PID now belongs to another process (containers restart with the same low PIDs) is taken over.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

/** What the lock file holds. `startTime` and `bootId` are null where /proc is not available. */
export interface LockOwner {
  token: string;
  pid: number;
  startTime: string | null;
  bootId: string | null;
}

export const LOCK_FILE = 'sprout.lock';

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockOwner = { token: randomUUID(), ...processIdentity(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          // Only our own lock: never remove one another server took over in the meantime.
          if (readOwner(file)?.token === mine.token) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readOwner(file);
      if (holder && holder.pid !== process.pid && holdsLock(holder)) {
        throw new DataDirLockedError(
          `Another Sprout server (process ${holder.pid}) is already using ${dataDir}. ` +
            'Stop it first, or give this one its own DATA_DIR.',
        );
      }
      // The previous holder is gone (or its PID now names another process): take the lock over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

/** The lock file's owner; a lock of an older Sprout held only the PID. Null when unreadable. */
export function readOwner(file: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { token: '', pid: Number(text), startTime: null, bootId: null };
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.token === 'string' && Number.isInteger(value.pid) && (value.pid ?? 0) > 0) {
      return { token: value.token, pid: value.pid!, startTime: value.startTime ?? null, bootId: value.bootId ?? null };
    }
  } catch {
    // Not ours: a lock file that proves nothing is no lock.
  }
  return null;
}

/** Whether the recorded process still runs: the same PID, started at the same moment of the same boot. */
export function holdsLock(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  const now = processIdentity(owner.pid);
  if (owner.token === '') {
    // An older Sprout's lock (PID only): a live process proves it only if it is a Node process.
    return now.startTime === null || /\bnode\b|tsx/.test(commandLine(owner.pid));
  }
  if (owner.startTime === null || now.startTime === null) return true;
  return owner.startTime === now.startTime && owner.bootId === now.bootId;
}

/** The process's start time (clock ticks since boot, /proc/PID/stat field 22) and the boot id. */
export function processIdentity(pid: number): { pid: number; startTime: string | null; bootId: string | null } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = fields[19] ?? null;
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return { pid, startTime, bootId };
  } catch {
    return { pid, startTime: null, bootId: null };
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
