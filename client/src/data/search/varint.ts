// Unsigned integers as varints (seven bits a byte) and zigzag for signed ones: how the saved search index
// packs its postings (minisearch-data.ts).

export const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
export const unzigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);

/** Unsigned integers below 2^53 as varints, into a buffer that grows as needed. */
export class VarintWriter {
  private buffer = new Uint8Array(1 << 16);
  private length = 0;

  write(value: number): void {
    if (this.length + 8 > this.buffer.length) {
      const bigger = new Uint8Array(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    let rest = value;
    while (rest >= 0x80) {
      this.buffer[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.length++] = rest;
  }

  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

export class VarintReader {
  private overrun = false;

  constructor(
    private readonly bytes: Uint8Array,
    private at = 0,
  ) {}

  get position(): number {
    return this.at;
  }

  read(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) {
        this.overrun = true;
        return 0;
      }
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  /** Passes over `count` varints without reading their values. */
  skip(count: number): void {
    let left = count;
    const bytes = this.bytes;
    let at = this.at;
    while (left > 0 && at < bytes.length) if (bytes[at++]! < 0x80) left--;
    this.at = at;
    if (left > 0) this.overrun = true;
  }

  atEnd(): boolean {
    return !this.overrun && this.at === this.bytes.length;
  }
}
