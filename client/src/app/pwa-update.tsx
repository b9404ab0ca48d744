// What the service worker registration does on its events (ARCHITECTURE 9.5): a new version is offered
// with a toast and a Reload action instead of switching under the user's feet (registerType 'prompt').
import { lazy } from 'react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { toast, type ToastInput } from '../lib/toast';
import { reportShellKept, whenControlled } from './shell-keeper';

// Shown inside the toaster, which has loaded Radix Toast by then: no part of the first load (issue 10).
const ToastAction = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.ToastAction })));

export const UPDATE_AVAILABLE_TEXT = 'A new version of Sprout is available.';

/**
 * Options for registerSW; `activate(true)` makes the waiting worker take over and reloads the page.
 * `notify` shows the offer (the page's toast queue by default); `kept` learns whether the worker ends up
 * keeping this page's shell (shell-keeper.ts).
 */
export function pwaRegisterOptions(
  activate: (reloadPage: boolean) => Promise<void>,
  notify: (toast: ToastInput) => void = toast,
  kept: (value: boolean) => void = reportShellKept,
): RegisterSWOptions {
  return {
    // Register at once, not after the load event: the first visit should leave the app usable offline.
    immediate: true,
    onNeedRefresh() {
      notify({
        title: 'Update available',
        description: UPDATE_AVAILABLE_TEXT,
        duration: Number.POSITIVE_INFINITY,
        action: (
          <ToastAction altText="Reload to use the new version" onClick={() => void activate(true)}>
            Reload
          </ToastAction>
        ),
      });
    },
    onRegisteredSW(_url, registration) {
      void whenControlled(navigator.serviceWorker, registration).then(kept);
    },
    onOfflineReady() {
      console.info('Sprout is ready to work offline.');
    },
    onRegisterError(error: unknown) {
      console.warn('The service worker could not be registered:', error);
      kept(false);
    },
  };
}
