// Whether a service worker keeps this page's app shell (ARCHITECTURE 9.5). Its precache holds the
// shell, the toaster's code included (build/sw-shell.ts), so the page need not fetch that code
// itself a second time (issue 10); when no worker will control the page, the page fetches it for the
// offline case itself (app-toaster.tsx).

let settle: (kept: boolean) => void = () => undefined;
const kept = new Promise<boolean>((resolve) => {
  settle = resolve;
});

/** Settles once it is known: true when a service worker controls the page, false when none will. */
export function shellKeptByServiceWorker(): Promise<boolean> {
  return kept;
}

/** Reports the outcome (pwa.ts); the first report counts. */
export function reportShellKept(value: boolean): void {
  settle(value);
}

/**
 * Whether `registration` (undefined when registering failed) ends up controlling this page: at once
 * when a worker controls it already; a first install takes control when it activates (the worker
 * claims its clients) unless the install fails (offline while precaching, for one). A worker that is
 * active already but does not control the page (after a hard reload) leaves it so.
 */
export function whenControlled(
  container: ServiceWorkerContainer,
  registration: ServiceWorkerRegistration | undefined,
): Promise<boolean> {
  if (container.controller) return Promise.resolve(true);
  if (!registration || registration.active?.state === 'activated') return Promise.resolve(false);
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    container.addEventListener('controllerchange', () => resolve(true), { once: true });
    worker.addEventListener('statechange', () => {
      if (worker.state === 'redundant') resolve(false);
    });
  });
}
