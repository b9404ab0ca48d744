import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { manifestPngIcons, PNG_ICONS, renderPng } from './png-icons';

const publicDir = path.resolve(import.meta.dirname, '../client/public');

/** Width and height from a PNG's IHDR chunk, after the 8-byte signature and the chunk's length and type. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** The alpha of the top-left pixel of the SVG drawn at `size`. */
function cornerAlpha(source: string, size: number): number {
  const image = new Resvg(fs.readFileSync(path.join(publicDir, source)), {
    fitTo: { mode: 'width', value: size },
  }).render();
  return image.pixels[3]!;
}

describe('PNG icons', () => {
  it('draws each icon from its SVG at its size', () => {
    for (const icon of PNG_ICONS) {
      const png = renderPng(fs.readFileSync(path.join(publicDir, icon.source)), icon.size);
      expect(pngSize(png), icon.fileName).toEqual([icon.size, icon.size]);
    }
  });

  it('fills the corners of the icons a platform cuts or fills itself, and rounds the others', () => {
    for (const icon of PNG_ICONS) {
      const alpha = cornerAlpha(icon.source, icon.size);
      if (icon.purpose === 'any') expect(alpha, icon.fileName).toBe(0);
      else expect(alpha, icon.fileName).toBe(255);
    }
  });

  it('lists 192 and 512 px icons of both purposes for the manifest, and not the touch icon', () => {
    expect(manifestPngIcons().map((icon) => `${icon.purpose} ${icon.sizes}`)).toEqual([
      'any 192x192',
      'any 512x512',
      'maskable 192x192',
      'maskable 512x512',
    ]);
    expect(manifestPngIcons().map((icon) => icon.src)).not.toContain('/apple-touch-icon.png');
  });
});
