import { describe, expect, it } from 'vitest';
import { bookmarkletHref, SELECTION_LIMIT } from './bookmarklet';

/** Runs the bookmark as a browser would on a page with this title, address and selection. */
function run(page: { title: string; href: string; selection: string; popupBlocked?: boolean }) {
  const href = bookmarkletHref('https://notes.example.org');
  expect(href.startsWith('javascript:')).toBe(true);
  const script = decodeURIComponent(href.slice('javascript:'.length));
  const opened: string[] = [];
  const location = { href: page.href };
  const popup = { opener: {} as unknown };
  const open = (url: string, target: string) => {
    expect(target).toBe('_blank');
    opened.push(url);
    return page.popupBlocked ? null : popup;
  };
  new Function('document', 'location', 'getSelection', 'open', 'URL', script)(
    { title: page.title },
    location,
    () => ({ toString: () => page.selection }),
    open,
    URL,
  );
  const target = page.popupBlocked ? location.href : opened[0]!;
  const url = new URL(target);
  return { url, popup, opened, shared: Object.fromEntries(url.searchParams) };
}

describe('the bookmarklet', () => {
  it("sends the page's title, address and selection to this Sprout's quick capture in a new tab", () => {
    const { url, shared, popup } = run({
      title: '  Growing tomatoes on a balcony ',
      href: 'https://garden.example.com/tomatoes?a=1&b=2#care',
      selection: 'Water them every morning & feed weekly.',
    });
    expect(url.origin + url.pathname).toBe('https://notes.example.org/capture');
    expect(shared).toEqual({
      title: 'Growing tomatoes on a balcony',
      url: 'https://garden.example.com/tomatoes?a=1&b=2#care',
      text: 'Water them every morning & feed weekly.',
    });
    // The new tab cannot reach back into the page it came from.
    expect(popup.opener).toBeNull();
  });

  it('sends the address alone when nothing is selected, and goes there itself when pop-ups are blocked', () => {
    const { shared, opened } = run({ title: '', href: 'https://example.com/x', selection: '', popupBlocked: true });
    expect(opened).toHaveLength(1);
    expect(shared).toEqual({ url: 'https://example.com/x' });
  });

  it('cuts a long selection', () => {
    const { url } = run({ title: 'T', href: 'https://example.com/', selection: 'é'.repeat(SELECTION_LIMIT + 50) });
    expect(url.searchParams.get('text')).toHaveLength(SELECTION_LIMIT);
  });
});
