// Random RFC 4122 version-4 ids for new checklist items and notes, in browsers and Node alike.

export type MakeId = () => string;

interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array) => Uint8Array;
}

// Reached through globalThis so core needs neither DOM nor Node type definitions.
function platformCrypto(): CryptoLike | undefined {
  return (globalThis as { crypto?: CryptoLike }).crypto;
}

function formatUuid(bytes: Uint8Array): string {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A version-4 UUID. Browsers offer `crypto.randomUUID` only in secure contexts (HTTPS or
 * localhost), so a server reached over plain HTTP on a LAN falls back to `getRandomValues`.
 */
export function randomUuid(): string {
  const crypto = platformCrypto();
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return formatUuid(bytes);
}
