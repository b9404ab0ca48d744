/// <reference types="vite-plugin-pwa/vanillajs" />
// The installable PWA (ARCHITECTURE 9.5): registers the Workbox service worker that keeps the app shell
// for offline use; pwa-update.tsx says what happens on its events.
import { registerSW } from 'virtual:pwa-register';
import { pwaRegisterOptions } from './pwa-update';

export function registerPwa(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let updateServiceWorker: (reloadPage?: boolean) => Promise<void> = async () => undefined;
  updateServiceWorker = registerSW(pwaRegisterOptions((reloadPage) => updateServiceWorker(reloadPage)));
}
