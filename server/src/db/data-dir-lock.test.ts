// The DATA_DIR lock proves whose it is: a live PID alone is no proof (issue 14, item 6).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir, processIdentity } from './data-dir-lock';

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-lock-'));
  dirs.push(dir);
  return dir;
}

/** A live process that is not Sprout, as a container's reused low PID would be. */
function bystander(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

describe('lockDataDir', () => {
  it('takes over a stale lock whose PID now belongs to another process (recorded start time differs)', () => {
    const dir = dataDir();
    const pid = bystander();
    const identity = processIdentity(pid);
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ token: 'old', pid, startTime: '1', bootId: identity.bootId }),
    );
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("takes over an older Sprout's PID-only lock when that PID is not a Node process", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(bystander()));
    lockDataDir(dir).release();
  });

  it('refuses while the recorded process (same PID, same start) still runs, and a release never removes a lock taken over', () => {
    const dir = dataDir();
    const pid = bystander();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ token: 'theirs', ...processIdentity(pid) }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    const other = dataDir();
    const lock = lockDataDir(other);
    fs.writeFileSync(path.join(other, LOCK_FILE), JSON.stringify({ token: 'someone-else', ...processIdentity(pid) }));
    lock.release();
    expect(fs.existsSync(path.join(other, LOCK_FILE))).toBe(true);
  });
});
