/// <reference types="vite-plugin-pwa/vanillajs" />
// The installable PWA (ARCHITECTURE 9.5): registers the Workbox service worker that keeps the app shell
// for offline use; pwa-update.tsx says what happens on its events.
import { registerSW } from 'virtual:pwa-register';
import { afterContentIdle } from '../lib/first-content';
import { pwaRegisterOptions } from './pwa-update';
import { reportShellKept } from './shell-keeper';

export function registerPwa(): void {
  // The development server registers no worker (its registerSW does nothing).
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    reportShellKept(false);
    return;
  }
  let updateServiceWorker: (reloadPage?: boolean) => Promise<void> = async () => undefined;
  // The worker's code and its first caching wait until the first screen is shown and the page is idle
  // (lib/first-content.ts): its install would compete with the start's own tasks for a phone's cores.
  void afterContentIdle().then(() => {
    updateServiceWorker = registerSW(pwaRegisterOptions((reloadPage) => updateServiceWorker(reloadPage)));
  });
}
