// Whether the service worker ends up keeping the page's shell decides whether the page fetches the
// toaster's code itself (app-toaster.tsx): a wrong "yes" leaves an offline toast without its code.
import { describe, expect, it } from 'vitest';
import { whenControlled } from './shell-keeper';

/** A stand-in for the browser's worker objects: event targets with the fields read. */
function worker(state: ServiceWorkerState) {
  return Object.assign(new EventTarget(), { state }) as EventTarget & { state: ServiceWorkerState };
}
function container(controller: object | null = null) {
  return Object.assign(new EventTarget(), { controller }) as unknown as ServiceWorkerContainer;
}
const registration = (fields: Partial<Record<'installing' | 'waiting' | 'active', ReturnType<typeof worker>>>) =>
  ({ installing: null, waiting: null, active: null, ...fields }) as unknown as ServiceWorkerRegistration;

describe('whenControlled', () => {
  it('is true at once when a worker controls the page', async () => {
    await expect(whenControlled(container({}), registration({ active: worker('activated') }))).resolves.toBe(true);
  });

  it('is false when registering failed or was blocked', async () => {
    await expect(whenControlled(container(), undefined)).resolves.toBe(false);
  });

  it('is false when an active worker leaves the page uncontrolled (a hard reload)', async () => {
    await expect(whenControlled(container(), registration({ active: worker('activated') }))).resolves.toBe(false);
  });

  it('waits for a first install to take control', async () => {
    const page = container();
    const controlled = whenControlled(page, registration({ installing: worker('installing') }));
    page.dispatchEvent(new Event('controllerchange'));
    await expect(controlled).resolves.toBe(true);
  });

  it('is false when the first install fails', async () => {
    const installing = worker('installing');
    const controlled = whenControlled(container(), registration({ installing }));
    installing.state = 'redundant';
    installing.dispatchEvent(new Event('statechange'));
    await expect(controlled).resolves.toBe(false);
  });
});
