// Builds the floor page (bench/floor-page) in a temporary directory with the project's own
// Vite, React and Tailwind plugins, so it always uses the versions Sprout is built with.
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build } from 'vite';
import { root, tempDir } from './sprout';

/** Returns the built directory (index.html and assets/); the caller removes its parent when done. */
export async function buildFloorPage(): Promise<string> {
  const dir = tempDir('floor-page');
  fs.cpSync(path.join(root, 'bench/floor-page'), dir, { recursive: true });
  // The page's imports resolve to the project's own packages.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // Vite's build sets NODE_ENV=production in this process, which every server started later would
  // inherit (and a production server refuses to start without ENCRYPTION_KEY): put it back.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: [react(), tailwindcss()],
      build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return path.join(dir, 'dist');
}
