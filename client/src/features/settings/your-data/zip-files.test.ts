// Reading a zip's files, and refusing one that holds more than it declares (a zip that lies about its
// sizes, to get past the zip bomb limit, which counts the declared ones).
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { listZip, unzipFile, ZipFileError } from './zip-files';

/** The zip with every file declaring `size` bytes unzipped, in its directory and its local header. */
function declaring(zip: Uint8Array, size: number): Uint8Array {
  const lied = zip.slice();
  const view = new DataView(lied.buffer);
  for (let at = 0; at + 4 <= lied.length; at++) {
    if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
    if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, size, true);
  }
  return lied;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('a zip', () => {
  it('lists its files with their declared sizes and unzips them, stored or deflated', () => {
    const zip = zipSync({
      'notes/a.md': [strToU8('# A'), { level: 0 }],
      'notes/b.md': [strToU8('b'.repeat(5000)), { level: 9 }],
    });
    const files = listZip(zip);
    expect(files.map((f) => [f.name, f.size, f.compression])).toEqual([
      ['notes/a.md', 3, 0],
      ['notes/b.md', 5000, 8],
    ]);
    expect(files.map((f) => text(unzipFile(zip, f)))).toEqual(['# A', 'b'.repeat(5000)]);
  });

  it('refuses a file that inflates past the size the zip declares, without unzipping the rest of it', () => {
    const lie = declaring(zipSync({ 'a.md': [new Uint8Array(20 * 1024 * 1024).fill(97), { level: 9 }] }), 1024);
    const [file] = listZip(lie);
    expect(file).toMatchObject({ name: 'a.md', size: 1024 });
    expect(() => unzipFile(lie, file!)).toThrow(new ZipFileError('its file a.md holds more than the zip says'));
  });

  it('refuses a file that holds less than it declares, and a stored one of a size it does not have', () => {
    const deflated = zipSync({ 'a.md': [strToU8('a'.repeat(100)), { level: 9 }] });
    expect(() => unzipFile(deflated, listZip(declaring(deflated, 200))[0]!)).toThrow(/holds less than the zip says/);
    const stored = zipSync({ 'a.md': strToU8('abc') });
    expect(() => unzipFile(stored, listZip(declaring(stored, 2))[0]!)).toThrow(/holds more than the zip says/);
  });

  it('is no zip without its directory', () => {
    expect(() => listZip(strToU8('PK\u0003\u0004 not really'))).toThrow(ZipFileError);
  });
});
