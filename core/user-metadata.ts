// The rules of a user's `user_metadata` (PUT /auth/v1/user `data`): how a patch merges into it, and its
// cap, since it travels in every access token (ARCHITECTURE 9.13). The server enforces both; the browser
// applies the same to tell the user before sending what would be refused.

/** The most `user_metadata` may hold after a merge, as UTF-8 JSON text. */
export const USER_METADATA_MAX_BYTES = 4096;

/** `current` with `patch` merged in, as GoTrue merges: a null value removes the key, other values replace it. */
export function mergeUserMetadata(
  current: Readonly<Record<string, unknown>> | null | undefined,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** The size of `text` in UTF-8 bytes (a lone surrogate counts as the replacement character it is sent as). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The size of metadata as the server measures it: its JSON text in UTF-8 bytes. */
export function userMetadataBytes(metadata: Readonly<Record<string, unknown>>): number {
  return utf8ByteLength(JSON.stringify(metadata));
}

/** Whether `current` with `patch` merged in stays within the cap. */
export function mergedMetadataFits(
  current: Readonly<Record<string, unknown>> | null | undefined,
  patch: Readonly<Record<string, unknown>>,
): boolean {
  return userMetadataBytes(mergeUserMetadata(current, patch)) <= USER_METADATA_MAX_BYTES;
}
