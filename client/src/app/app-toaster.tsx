// The page's toaster, loaded with the first toast: Radix Toast is not part of the first load (issue 10).
// The queue (lib/toast.ts) exists from the start, so a toast raised before the code arrives is shown
// once it has. The code is fetched once the page is idle, so a toast raised offline (before any toast
// was shown, without a service worker) still has it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from '../lib/use-toast';

const loadToaster = () => import('../components/ui/toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

export function AppToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const early = () => void loadToaster().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(early, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(early, 200);
    return () => clearTimeout(id);
  }, []);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
