// The page's toaster, loaded with the first toast: Radix Toast is not part of the first load (issue 10).
// The queue (lib/toast.ts) exists from the start, so a toast raised before the code arrives is shown
// once it has.
import { lazy, Suspense, useState } from 'react';
import { useToast } from '../lib/use-toast';

const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function AppToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
