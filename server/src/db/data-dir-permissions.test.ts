import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { securePrivateDir } from './data-dir-permissions';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;

describe('securePrivateDir', () => {
  it('takes group and other permissions off an existing tree, however deep, and leaves links alone', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-perm-'));
    made.push(root);
    fs.chmodSync(root, 0o777);
    let deep = path.join(root, 'pglite');
    for (let i = 0; i < 200; i++) deep = path.join(deep, 'd');
    fs.mkdirSync(deep, { recursive: true, mode: 0o777 });
    const wal = path.join(deep, '000000010000000000000001');
    fs.writeFileSync(wal, 'hashes and notes');
    fs.chmodSync(wal, 0o666);
    const outside = path.join(os.tmpdir(), `sprout-perm-outside-${process.pid}`);
    fs.writeFileSync(outside, 'x');
    fs.chmodSync(outside, 0o644);
    made.push(outside);
    fs.symlinkSync(outside, path.join(root, 'link'));

    expect(securePrivateDir(root)).toBeGreaterThan(200);
    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(deep)).toBe(0o700);
    expect(modeOf(wal)).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
    expect(securePrivateDir(root)).toBe(0);
  });

  it('creates a missing directory as 0700', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-perm-'));
    made.push(parent);
    const dir = path.join(parent, 'data');
    securePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });
});
