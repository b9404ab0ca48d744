// Ids derived from other ids: the same input always gives the same UUID (RFC 9562 version 8, "custom").
// Used where a device must find again what it made from a given change without storing a link
// (a conflict copy from a mutation id, docs/sync.md [S22]). The inputs are random UUIDs, so a 128-bit
// mix keeps derived ids as unlikely to collide as random ones; it is not a cryptographic hash.

/** cyrb128: four 32-bit lanes, each character mixed into all of them. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A version-8 UUID determined by `text`. */
export function derivedUuid(text: string): string {
  const hex = hash128(text)
    .map((lane) => lane.toString(16).padStart(8, '0'))
    .join('');
  const version = `8${hex.slice(13, 16)}`;
  const variant = `${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}
