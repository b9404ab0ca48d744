// The page's toaster: Radix Toast is not part of the first load (issue 10). The queue (lib/toast.ts)
// exists from the start, so a toast raised before the code arrives is shown once it has. A toast raised
// offline (before any toast was shown) still needs the code: the service worker's precache holds it, and
// when no worker keeps the shell (none supported, registering blocked or failed) the page fetches it
// itself at its load event, not before, so that it never competes with the first paint.
import { useEffect, useState, type ComponentType } from 'react';
import { appToasts, type ToastStore } from '../lib/toast';
import { useToast } from '../lib/use-toast';
import { shellKeptByServiceWorker } from './shell-keeper';

type ToasterComponent = ComponentType<{ store?: ToastStore }>;

/** The toaster once its module has arrived. */
let loaded: ToasterComponent | null = null;

/** Fetches the toaster's module (once; the browser keeps the module). */
export function loadToaster(): Promise<ToasterComponent> {
  return import('../components/ui/toaster').then((m) => {
    loaded = m.Toaster;
    return m.Toaster;
  });
}

/** The page's toasts, or `store`'s (tests). */
export function AppToaster({ store }: { store?: ToastStore }) {
  const { toasts } = useToast(store);
  const queue = store ?? appToasts;
  // Chosen once, at the first toast or when one is expected, so the toaster is never remounted (closing
  // toasts animate out).
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  if (!Toaster && toasts.length > 0 && loaded) setToaster(() => loaded);
  useEffect(() => {
    const early = () => void loadToaster().catch(() => undefined);
    let cancelled = false;
    // At the page's load event, not before, so that the fetch never competes with the first paint; and
    // not later (an idle callback could wait seconds): a page that goes offline right after loading raised
    // its first toast without the code.
    void shellKeptByServiceWorker().then((kept) => {
      if (kept || cancelled) return;
      if (document.readyState === 'complete') early();
      else window.addEventListener('load', early, { once: true });
    });
    return () => {
      cancelled = true;
      window.removeEventListener('load', early);
    };
  }, []);
  // A toast is coming (the user started an action that ends with one, e.g. Sync): fetch the code and
  // mount the toaster while the action runs, not after it. Its Radix viewport then exists when the toast
  // is raised, and the toast shows in the render it causes: on the page's first toast a toaster mounted
  // with it rendered nothing until its viewport was set, a frame later, behind whatever else the page
  // drew (after a large sync, its re-rendered cards).
  useEffect(
    () =>
      queue.onExpect(() => {
        loadToaster().then(
          (module) => setToaster((current: ToasterComponent | null) => current ?? module),
          () => undefined,
        );
      }),
    [queue],
  );
  // A toast before the code: fetch it (from the service worker's precache when it keeps the shell) and
  // show the queue once it is here; a failed fetch is tried again with the next toast. Not a lazy
  // component: one suspends on its first render even when its module has arrived, and React then holds
  // the content back for a while after the fallback showed (its Suspense throttle; docs/decisions.md,
  // 'The toaster's code').
  const waiting = Toaster === null && toasts.length > 0;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    loadToaster().then(
      (module) => current && setToaster(() => module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [waiting, toasts.length]);
  return Toaster ? <Toaster store={store} /> : null;
}
