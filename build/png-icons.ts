// PNG copies of the app's SVG icons, rendered at build time (issue 36). Android's install prompt wants
// 192 and 512 px rasters in the manifest, and iOS ignores an SVG apple-touch-icon: without them the
// installed app got a screenshot or a letter for its icon. The SVGs in client/public stay the one
// source; the PNGs are never committed, so they cannot drift from them.
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

export interface PngIcon {
  /** Where it is served, from the site's root. */
  fileName: string;
  /** The SVG in client/public it is drawn from. */
  source: 'icon.svg' | 'icon-maskable.svg';
  size: number;
  purpose: 'any' | 'maskable' | 'apple-touch';
}

/**
 * The rounded icon for launchers that show it as is; the full-bleed maskable one where the platform cuts
 * its own shape (Android's adaptive icons) or fills transparent corners with black (iOS's touch icon).
 */
export const PNG_ICONS: readonly PngIcon[] = [
  { fileName: 'icon-192.png', source: 'icon.svg', size: 192, purpose: 'any' },
  { fileName: 'icon-512.png', source: 'icon.svg', size: 512, purpose: 'any' },
  { fileName: 'icon-maskable-192.png', source: 'icon-maskable.svg', size: 192, purpose: 'maskable' },
  { fileName: 'icon-maskable-512.png', source: 'icon-maskable.svg', size: 512, purpose: 'maskable' },
  { fileName: 'apple-touch-icon.png', source: 'icon-maskable.svg', size: 180, purpose: 'apple-touch' },
];

/** The manifest's `icons` entries of the PNGs (the SVGs keep theirs). */
export function manifestPngIcons(): { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[] {
  return PNG_ICONS.filter((icon) => icon.purpose !== 'apple-touch').map((icon) => ({
    src: `/${icon.fileName}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose as 'any' | 'maskable',
  }));
}

/** Draws `svg` as a square PNG of `size` pixels. */
export function renderPng(svg: string | Buffer, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** Emits every icon of PNG_ICONS into the build, drawn from the SVGs in `publicDir`. */
export function pngIcons(publicDir: string): Plugin {
  return {
    name: 'sprout-png-icons',
    apply: 'build',
    generateBundle() {
      const svgs = new Map<string, Buffer>();
      for (const icon of PNG_ICONS) {
        let svg = svgs.get(icon.source);
        if (!svg) {
          svg = fs.readFileSync(path.join(publicDir, icon.source));
          svgs.set(icon.source, svg);
        }
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: renderPng(svg, icon.size) });
      }
    },
  };
}
