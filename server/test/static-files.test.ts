// The built client as the server sends it: the build's brotli or gzip copy when the browser accepts one
// (with Vary), the plain file otherwise; hashed assets cached for a year, index.html never; deep links
// answered with index.html like `/`; source maps never served.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

const INDEX =
  '<!doctype html><html><head><title>Sprout</title></head><body><div id="root"></div></body></html>\n'.repeat(20);
const SCRIPT = `export const app = ${JSON.stringify('Think. Expand. Act. '.repeat(200))};\n`;

let server: TestServer;
let staticDir: string;

/** Writes a file and the brotli and gzip copies the build makes of it. */
function writeWithCopies(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-static-'));
  writeWithCopies(path.join(staticDir, 'index.html'), INDEX);
  writeWithCopies(path.join(staticDir, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
  fs.writeFileSync(path.join(staticDir, 'assets', 'app-Ab12Cd34.js.map'), '{"version":3,"sources":["secret.ts"]}');
  fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.mkdirSync(path.join(staticDir, '.vite'));
  fs.writeFileSync(
    path.join(staticDir, '.vite', 'manifest.json'),
    '{"src/secret.tsx":{"file":"assets/app-Ab12Cd34.js"}}',
  );
  server = await startTestServer({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body), returning headers and the bytes as sent. */
function get(
  pathname: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${server.url}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('precompressed static files', () => {
  it('sends the brotli copy to a browser that accepts it, the gzip copy to one that accepts only gzip', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);

    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('caches hashed assets for a year, and never index.html or the service worker', async () => {
    expect((await get('/assets/app-Ab12Cd34.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/sw.js', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('answers `/` and a deep link with the compressed index.html', async () => {
    for (const pathname of ['/', '/note/2f7c5a9e-0000-4000-8000-000000000000']) {
      const page = await get(pathname, 'br');
      expect(page.status, pathname).toBe(200);
      expect(page.headers['content-type'], pathname).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], pathname).toBe('br');
      expect(page.headers['cache-control'], pathname).toBe('no-cache');
      expect(zlib.brotliDecompressSync(page.body).toString(), pathname).toBe(INDEX);
    }
  });

  it('never serves a source map, nor the app in its place', async () => {
    const map = await get('/assets/app-Ab12Cd34.js.map', 'br');
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('secret.ts');
    expect(JSON.parse(map.body.toString())).toMatchObject({ error: 'not_found' });
  });

  it("never serves the build's manifest (the size budget and the service worker read it at build time)", async () => {
    const manifest = await get('/.vite/manifest.json', 'br');
    expect(manifest.status).toBe(404);
    expect(manifest.body.toString()).not.toContain('secret.tsx');
  });
});

// The installed app's share target, when no service worker answers it on the device (issue 37).
describe('POST /share without the service worker', () => {
  const share = (body: FormData | string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/share`, { method: 'POST', body, headers, redirect: 'manual' });

  it('sends shared text, a title and a link on to quick capture', async () => {
    const form = new FormData();
    form.set('title', 'Balcony tomatoes');
    form.set('text', 'Water every morning');
    form.set('url', 'https://garden.example.com/tomatoes');
    const response = await share(form);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, server.url);
    expect(location.pathname).toBe('/capture');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      title: 'Balcony tomatoes',
      text: 'Water every morning',
      url: 'https://garden.example.com/tomatoes',
    });
  });

  it('opens the importer saying the shared files did not arrive, since it cannot hand them to the page', async () => {
    const form = new FormData();
    form.set('files', new File(['# Note'], 'note.md', { type: 'text/markdown' }));
    const response = await share(form);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/settings?tab=sync&shared=unavailable#your-data');
  });

  it('refuses a body that is no form, and a broken form, with a clear error', async () => {
    const json = await share('{"title":"x"}', { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    const broken = await share('--nope\r\nnot a part', { 'content-type': 'multipart/form-data; boundary=b' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ message: 'The shared form could not be read.' });
  });
});
