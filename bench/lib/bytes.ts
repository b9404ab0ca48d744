// Sizes of what a page loads: the bytes a server sends for a file when the client accepts brotli and
// gzip (no decoding: node:http leaves the body as sent), and the file's gzip size, as Vite reports it.
import http from 'node:http';
import zlib from 'node:zlib';

export function bytesOnWire(url: string, acceptEncoding = 'br, gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  return zlib.gzipSync(Buffer.from(await response.arrayBuffer())).length;
}

export async function sum(urls: readonly string[], size: (url: string) => Promise<number>): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) total += await size(url);
  return total;
}
