// A zip's files read from its central directory, each unzipped only up to the size the zip declares for
// it: a zip can claim a few bytes for a file whose data inflates to gigabytes, and fflate's unzipSync
// would then spend the time inflating all of it and silently keep the first declared bytes.
import { Inflate, strFromU8 } from 'fflate';

/** A zip that cannot be read, or whose file holds more than it declares. */
export class ZipFileError extends Error {
  override readonly name = 'ZipFileError';
}

export interface ZipFile {
  name: string;
  /** The unzipped size the zip declares. */
  size: number;
  compression: number;
  compressedSize: number;
  /** Where the file's local header starts. */
  headerAt: number;
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;
const u64 = (bytes: Uint8Array, at: number) => u32(bytes, at) + u32(bytes, at + 4) * 2 ** 32;
const ZIP64 = 0xffffffff;

/** The zip's files as its central directory lists them. Throws ZipFileError when it is no zip. */
export function listZip(bytes: Uint8Array): ZipFile[] {
  // The end record sits in the last 22 bytes, or before a comment of at most 65,535.
  let end = bytes.length - 22;
  while (end >= 0 && u32(bytes, end) !== 0x06054b50) {
    if (bytes.length - end > 65_557) end = -1;
    else end--;
  }
  if (end < 0) throw new ZipFileError('no zip directory found');
  let count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const zip64 = end >= 20 && u32(bytes, end - 20) === 0x07064b50 ? u64(bytes, end - 12) : null;
  if (zip64 !== null && u32(bytes, zip64) === 0x06064b50) {
    count = u64(bytes, zip64 + 32);
    at = u64(bytes, zip64 + 48);
  }
  const files: ZipFile[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(bytes, at) !== 0x02014b50) throw new ZipFileError('its directory is damaged');
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const nameStart = at + 46;
    const name = strFromU8(bytes.subarray(nameStart, nameStart + nameLength), !(u16(bytes, at + 8) & 0x800));
    let compressedSize = u32(bytes, at + 20);
    let size = u32(bytes, at + 24);
    let headerAt = u32(bytes, at + 42);
    // Sizes past 4 GB, and offsets, are in the zip64 extra field, those that overflowed in order.
    for (let extra = nameStart + nameLength; extra + 4 <= nameStart + nameLength + extraLength;) {
      if (u16(bytes, extra) === 1) {
        let field = extra + 4;
        const next = () => ((field += 8), u64(bytes, field - 8));
        if (size === ZIP64) size = next();
        if (compressedSize === ZIP64) compressedSize = next();
        if (headerAt === ZIP64) headerAt = next();
        break;
      }
      extra += 4 + u16(bytes, extra + 2);
    }
    files.push({ name, size, compression: u16(bytes, at + 10), compressedSize, headerAt });
    at = nameStart + nameLength + extraLength + u16(bytes, at + 32);
  }
  return files;
}

// Fed to the inflater a slice at a time: deflate grows data at most about 1,032 times, so a slice of
// 16 KB yields at most about 16 MB before the check past the declared size stops it.
const SLICE = 16 * 1024;

/** A file's bytes. Throws ZipFileError when they cannot be read or come to more than its declared size. */
export function unzipFile(bytes: Uint8Array, file: ZipFile): Uint8Array {
  if (u32(bytes, file.headerAt) !== 0x04034b50) throw new ZipFileError(`its file ${file.name} is damaged`);
  const start = file.headerAt + 30 + u16(bytes, file.headerAt + 26) + u16(bytes, file.headerAt + 28);
  const data = bytes.subarray(start, start + file.compressedSize);
  if (data.length < file.compressedSize) throw new ZipFileError(`its file ${file.name} is cut short`);
  if (file.compression === 0) {
    if (file.compressedSize !== file.size)
      throw new ZipFileError(
        `its file ${file.name} holds ${file.compressedSize > file.size ? 'more' : 'less'} than the zip says`,
      );
    return data.slice();
  }
  if (file.compression !== 8) throw new ZipFileError(`its file ${file.name} is compressed in a way Sprout cannot read`);
  const out = new Uint8Array(file.size);
  let length = 0;
  let overflow = false;
  const inflate = new Inflate((chunk) => {
    if (length + chunk.length > out.length) overflow = true;
    else out.set(chunk, length);
    length += chunk.length;
  });
  try {
    for (let at = 0; at < data.length && !overflow; at += SLICE)
      inflate.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
  } catch (error) {
    throw new ZipFileError(
      `its file ${file.name} cannot be unzipped (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (overflow) throw new ZipFileError(`its file ${file.name} holds more than the zip says`);
  if (length !== out.length) throw new ZipFileError(`its file ${file.name} holds less than the zip says`);
  return out;
}
