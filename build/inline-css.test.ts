import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-css';

const page = (head: string) =>
  `<html><head><script type="module" crossorigin src="/assets/index.js"></script>${head}</head><body></body></html>`;

describe('inlineStylesheets', () => {
  it("puts the build's stylesheet into the page in place of its link, so the first paint waits for no request", () => {
    const { html, inlined } = inlineStylesheets(
      page('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">'),
      new Map([['assets/index-abc.css', '.dark{color:#fff}']]),
    );
    expect(html).toBe(page('<style>.dark{color:#fff}</style>'));
    expect(inlined).toEqual(['assets/index-abc.css']);
  });

  it('leaves a stylesheet that is not part of the build as a link', () => {
    const head = '<link rel="stylesheet" href="https://example.com/x.css">';
    expect(inlineStylesheets(page(head), new Map([['assets/index-abc.css', 'a{}']]))).toEqual({
      html: page(head),
      inlined: [],
    });
  });

  it('cannot end the style element early', () => {
    const { html } = inlineStylesheets(
      page('<link rel="stylesheet" href="/assets/a.css">'),
      new Map([['assets/a.css', 'a::after{content:"</style><script>"}']]),
    );
    expect(html).toContain('<style>a::after{content:"<\\/style><script>"}</style>');
  });
});
