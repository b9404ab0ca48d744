import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeVersion, readAppVersion, readGitCommit } from './version';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratchApp(version = '1.2.3'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-version-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'sprout', version }));
  fs.mkdirSync(path.join(dir, 'dist', 'server'), { recursive: true });
  return dir;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

describe('the version Sprout reports', () => {
  it('is the package version and the checkout’s commit, found from the compiled server’s folder', () => {
    const root = scratchApp();
    git(root, 'init', '-q');
    git(root, 'commit', '-q', '--allow-empty', '-m', 'first');
    const sha = git(root, 'rev-parse', 'HEAD');
    const found = readAppVersion({}, path.join(root, 'dist', 'server'));
    expect(found).toEqual({ version: '1.2.3', commit: sha.slice(0, 12) });
    expect(describeVersion(found)).toBe(`1.2.3 (${sha.slice(0, 12)})`);
  });

  it('follows a branch whose ref was packed, and a detached HEAD', () => {
    const root = scratchApp();
    git(root, 'init', '-q');
    git(root, 'commit', '-q', '--allow-empty', '-m', 'first');
    const sha = git(root, 'rev-parse', 'HEAD');
    git(root, 'pack-refs', '--all');
    expect(readGitCommit(root)).toBe(sha);
    git(root, 'checkout', '-q', '--detach');
    expect(readGitCommit(root)).toBe(sha);
  });

  it('takes SPROUT_COMMIT first, and is the version alone outside a checkout', () => {
    const root = scratchApp('2.0.0');
    expect(readAppVersion({ SPROUT_COMMIT: 'ABCDEF1234567890' }, root)).toEqual({
      version: '2.0.0',
      commit: 'abcdef123456',
    });
    expect(readAppVersion({ SPROUT_COMMIT: 'not a commit' }, root)).toEqual({ version: '2.0.0', commit: null });
    expect(describeVersion(readAppVersion({}, root))).toBe('2.0.0');
  });

  it('is this repository’s own version here', () => {
    const own = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(readAppVersion({}).version).toBe(own.version);
  });
});
