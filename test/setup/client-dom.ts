// Client component tests share one happy-dom window per worker (isolate: false saves most of the
// environment set-up), so each test leaves the page as it found it: nothing rendered, no storage,
// no theme or font classes on <html>.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  const root = document.documentElement;
  for (const { name } of [...root.attributes]) if (name !== 'lang') root.removeAttribute(name);
  document.head.querySelectorAll('meta[name="theme-color"]').forEach((meta) => meta.remove());
  document.body.replaceChildren();
  document.body.removeAttribute('style');
});
