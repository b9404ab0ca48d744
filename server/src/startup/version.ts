// Which Sprout this is: the package's version and, when known, the commit it was built from. Shown by
// /api/health, the start banner and Settings, so that an operator and a user can say what they run.
// The commit comes from SPROUT_COMMIT (a release or a container sets it) or from the checkout's .git
// when there is one; read once at start with plain file reads, so no git binary is needed.
import fs from 'node:fs';
import path from 'node:path';

export interface AppVersion {
  version: string;
  /** The first 12 hex digits of the commit, or null outside a checkout when SPROUT_COMMIT is unset. */
  commit: string | null;
}

const COMMIT = /^[0-9a-f]{7,40}$/i;

/** The nearest folder at or above `from` whose package.json is Sprout's. */
export function findAppRoot(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    try {
      if ((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'sprout') return dir;
    } catch {
      // No package.json here, or another one: keep climbing.
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** The commit HEAD names in the checkout at `root`, following a branch ref and packed refs. */
export function readGitCommit(root: string): string | null {
  try {
    let gitDir = path.join(root, '.git');
    // A worktree or a submodule: .git is a file that points at the real directory.
    if (fs.statSync(gitDir).isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(gitDir, 'utf8'))?.[1]?.trim();
      if (!pointer) return null;
      gitDir = path.resolve(root, pointer);
    }
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
    if (!ref) return COMMIT.test(head) ? head : null;
    const loose = path.join(gitDir, ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, 'utf8').trim();
    const packed = fs.readFileSync(path.join(gitDir, 'packed-refs'), 'utf8');
    for (const line of packed.split('\n')) {
      const [sha, name] = line.trim().split(' ');
      if (name === ref && sha && COMMIT.test(sha)) return sha;
    }
    return null;
  } catch {
    return null;
  }
}

export function readAppVersion(env: NodeJS.ProcessEnv = process.env, from = import.meta.dirname): AppVersion {
  const root = findAppRoot(from);
  let version = '0.0.0';
  if (root) {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof manifest.version === 'string') version = manifest.version;
  }
  const given = env.SPROUT_COMMIT?.trim();
  const commit = given && COMMIT.test(given) ? given : root ? readGitCommit(root) : null;
  return { version, commit: commit ? commit.slice(0, 12).toLowerCase() : null };
}

/** "0.1.0 (3f2a9c1b7d4e)", or the version alone. */
export function describeVersion({ version, commit }: AppVersion): string {
  return commit ? `${version} (${commit})` : version;
}
