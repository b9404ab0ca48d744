// A built chunk's code position read back as its original source, through the build's hidden source maps
// (dist/client/assets/*.map): for the investigations that attribute a CPU profile's samples.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { root } from './sprout';

const consumers = new Map<string, SourceMapConsumer | null>();

/** The source map of the built chunk at `url`, or null when the build wrote none. */
async function mapOf(url: string): Promise<SourceMapConsumer | null> {
  const file = url.split('/').pop()!;
  if (!consumers.has(file)) {
    const mapFile = path.join(root, 'dist/client/assets', `${file}.map`);
    consumers.set(
      file,
      fs.existsSync(mapFile)
        ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap)
        : null,
    );
  }
  return consumers.get(file)!;
}

/**
 * Where a built chunk's position (0-based line, as CPU profiles give it) comes from: 'npm:<package>' or the
 * app's file, with ` <function>:<line>` when `byFunction`; null when the chunk has no map or the position
 * maps to nothing (a chunk's top-level code).
 */
export async function originalSource(
  frame: { url: string; functionName: string; lineNumber: number; columnNumber: number },
  byFunction = false,
): Promise<string | null> {
  const pos = (await mapOf(frame.url))?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos?.source) return null;
  const key = pos.source.includes('node_modules/')
    ? `npm:${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(pos.source)?.[1]}`
    : pos.source.replace(/^(\.\.\/)+/, '');
  return byFunction ? `${key} ${pos.name ?? frame.functionName}:${pos.line}` : key;
}
