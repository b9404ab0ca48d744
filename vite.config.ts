// Builds the React client into dist/client, with the service worker that serves the app offline (it
// precaches the shell, then caches the other chunks), and a brotli and a gzip copy of every compressible
// file for the server to send as they are.
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { backgroundImports } from './build/background-imports';
import { firstLoadChunks } from './build/first-load-chunks';
import { inlineCss } from './build/inline-css';
import { manifestPngIcons, pngIcons } from './build/png-icons';
import { routePreload } from './build/route-preload';
import { shellOnlyPrecache } from './build/sw-shell';

const outDir = path.resolve(import.meta.dirname, 'dist/client');
/** The runtime cache of the chunks the service worker does not precache (build/sw-shell.ts). */
const ASSETS_CACHE = 'sprout-assets';

const clientRoot = path.resolve(import.meta.dirname, 'client');
const chunks = firstLoadChunks(clientRoot);
const background = backgroundImports();

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  build: {
    outDir,
    emptyOutDir: true,
    // Maps are written for debugging a production build, but not referenced by the bundles, and the
    // server never serves them.
    sourcemap: 'hidden',
    // .vite/manifest.json: the chunk graph the size budget walks (build/size-budget.ts).
    manifest: true,
    // One stylesheet for the whole app, inlined into index.html (build/inline-css.ts). Split per
    // chunk, the entry's stylesheet was a preload dependency of every lazily loaded chunk that imports from
    // the entry, and Vite's preload helper, finding no <link> for it, fetched it and applied it a second
    // time: a request and a restyle of the whole page in the middle of a signed-in start.
    cssCodeSplit: false,
    modulePreload: { resolveDependencies: background.resolveDependencies },
    // The entry's and /login's modules in one file rather than some 25, and the signed-in start's in one
    // more rather than 17 (build/first-load-chunks.ts).
    rolldownOptions: { output: { codeSplitting: chunks.codeSplitting } },
  },
  plugins: [
    react(),
    tailwindcss(),
    chunks.plugin,
    background.plugin,
    routePreload(clientRoot),
    inlineCss(),
    pngIcons(path.join(clientRoot, 'public')),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Sprout',
        short_name: 'Sprout',
        description: 'Think. Expand. Act. Notes with an AI assistant that turns ideas into plans.',
        theme_color: '#16a34a',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
          ...manifestPngIcons(),
        ],
        // Text or a link shared from another app opens as a new quick note (/capture); files of the formats
        // the importer reads open the importer on them (client/public/sw-share.js answers POST /share).
        share_target: {
          action: '/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: 'title',
            text: 'text',
            url: 'url',
            files: [
              {
                name: 'files',
                accept: [
                  '.json',
                  '.enex',
                  '.csv',
                  '.zip',
                  '.md',
                  '.markdown',
                  '.txt',
                  'application/json',
                  'application/zip',
                  'text/markdown',
                  'text/plain',
                  'text/csv',
                ],
              },
            ],
          },
        },
        shortcuts: [
          {
            name: 'Quick note',
            url: '/capture',
            icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          { name: 'Search', url: '/search', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['**/node_modules/**', 'sw-warm.js', 'sw-share.js', 'sw-push.js'],
        // Only the shell is precached; the other chunks are fetched once the worker is active (sw-warm.js)
        // and from then on served from their cache, compressed on the wire like any request.
        manifestTransforms: [shellOnlyPrecache(outDir, ASSETS_CACHE)],
        // sw-push.js shows reminders sent by Web Push and answers their buttons (server/src/reminders/).
        importScripts: ['sw-warm.js', 'sw-share.js', 'sw-push.js'],
        navigateFallback: '/index.html',
        // API paths (and the calendar feed, opened from a link) always go to the network and are never cached.
        navigateFallbackDenylist: [/^\/(api|auth|rest|calendar)\//],
        runtimeCaching: [
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: ASSETS_CACHE },
          },
        ],
        cleanupOutdatedCaches: true,
        // The first visit is controlled as soon as the worker activates, so its later chunk loads work
        // offline without a reload. Updates still wait for the prompt (registerType 'prompt').
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // Like the app's bundles, the worker ships without a source map reference.
        sourcemap: false,
      },
    }),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      // Already compressed formats and the unserved maps are left alone; tiny files gain nothing.
      exclude: [/\.(map|png|jpe?g|webp|avif|woff2?|br|gz)$/],
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  server: {
    proxy: {
      '/auth': apiTarget,
      '/rest': apiTarget,
      '/api': apiTarget,
      '/calendar': apiTarget,
      // Live changes: the realtime socket (server/src/realtime) goes to the API server as well.
      '/realtime': { target: apiTarget, ws: true },
    },
  },
});
