// DATA_DIR holds the database (password hashes, e-mails, every note, the key that decrypts stored
// provider keys) and the generated secrets: only the server's own account may read or write it. The
// process umask keeps new files private; existing trees (made under a looser umask) are repaired at start.
import fs from 'node:fs';
import path from 'node:path';

/** No group or other bits on anything the process creates from now on (new files 0600, directories 0700). */
export const PRIVATE_UMASK = 0o077;

/** Sets the process umask; main.ts calls it first, before anything is written (worker threads cannot). */
export function restrictUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Creates `dir` (0700) if needed and takes group and other permissions off it and everything under it.
 * Iterative, so a deep tree cannot overflow the stack; symbolic links are left alone (never followed).
 * Returns how many entries it had to repair.
 */
export function securePrivateDir(dir: string): number {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let repaired = 0;
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    const stat = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) continue;
    if ((stat.mode & PRIVATE_UMASK) !== 0) {
      fs.chmodSync(current, stat.mode & 0o7700);
      repaired += 1;
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(current)) pending.push(path.join(current, entry));
  }
  return repaired;
}
