// The app's stylesheet inside index.html (issue 10). Every screen needs the one stylesheet before it can
// paint, and as a <link> it was the only render-blocking request of the first load: on a phone's slow
// network a round trip of its own before the first paint (docs/decisions.md, 'The stylesheet is inlined
// into index.html'). Inline, it arrives with the page (more HTML, which the service worker precaches) and the
// theme script before it still picks light or dark before the first paint. The build makes one
// stylesheet (vite.config.ts: cssCodeSplit false), so no lazily loaded chunk lists it among the files to
// preload: with a stylesheet per chunk, Vite's preload helper added the entry's as a <link> when such a
// chunk loaded, and the page fetched and applied the same rules a second time. The file stays in the build.
import type { Plugin } from 'vite';

/** `html` with each `<link rel="stylesheet">` of `css` (file name -> source) replaced by a `<style>`. */
export function inlineStylesheets(
  html: string,
  css: ReadonlyMap<string, string>,
  base = '/',
): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const out = html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    const file = href?.startsWith(base) ? href.slice(base.length) : undefined;
    const source = file === undefined ? undefined : css.get(file);
    if (file === undefined || source === undefined) return tag;
    inlined.push(file);
    // A '</style' inside the CSS would end the element early; minified CSS has none, but be sure.
    return `<style>${source.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  return { html: out, inlined };
}

export function inlineCss(): Plugin {
  return {
    name: 'sprout-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const css = new Map<string, string>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'asset' && output.fileName.endsWith('.css'))
            css.set(output.fileName, String(output.source));
        }
        return inlineStylesheets(html, css).html;
      },
    },
  };
}
