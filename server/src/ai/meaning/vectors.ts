// Embeddings as the index stores them (float32, little-endian, in a bytea) and as search compares them:
// scaled to length 1 when read, so a dot product is their cosine.

/** The bytes a vector is stored as. */
export function vectorBytes(vector: Float32Array): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i]!, true);
  return bytes;
}

/** The stored bytes as a vector of length 1 (a zero vector stays zero); null for bytes that are no vector. */
export function unitVector(bytes: Uint8Array): Float32Array | null {
  if (bytes.length === 0 || bytes.length % 4 !== 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Float32Array(bytes.length / 4);
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    const x = view.getFloat32(i * 4, true);
    if (!Number.isFinite(x)) return null;
    vector[i] = x;
    norm += x * x;
  }
  return normalised(vector, norm);
}

/** `vector` scaled to length 1, in place. */
export function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
  return normalised(vector, norm);
}

function normalised(vector: Float32Array, squaredNorm: number): Float32Array {
  if (squaredNorm === 0) return vector;
  const scale = 1 / Math.sqrt(squaredNorm);
  for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! * scale;
  return vector;
}

/** The dot product of two vectors of one length (their cosine, when both have length 1). */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
