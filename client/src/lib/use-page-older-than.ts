// Whether the page has been open for at least some time, counted from its navigation (performance.now()).
import { useEffect, useState } from 'react';

/**
 * True once the page is `ms` old: at once on a later render, and on a page younger than that once it is
 * (a timer). For what a start should not draw in its first moments: every component asking shares the
 * page's clock, so the ones that hand over to each other appear together rather than each waiting anew.
 */
export function usePageOlderThan(ms: number): boolean {
  const [older, setOlder] = useState(() => performance.now() >= ms);
  useEffect(() => {
    if (older) return;
    const timer = setTimeout(() => setOlder(true), Math.max(0, ms - performance.now()));
    return () => clearTimeout(timer);
  }, [older, ms]);
  return older;
}
