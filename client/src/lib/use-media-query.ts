// Whether a CSS media query matches, kept up to date (matchMedia's change event).
import { useCallback, useSyncExternalStore } from 'react';

/**
 * true or false as `query` matches now; null where the browser cannot tell (no matchMedia: some tests),
 * so that a caller can fall back to rendering for both cases.
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : null);
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
