// A lazily loaded chunk that fails to load usually means a new version was deployed and the old
// chunk is gone: reload once to get the new version (ARCHITECTURE 9.5). If the reload just happened,
// or the browser is offline, the error is left to the route's error page instead of looping.
const LAST_RELOAD_KEY = 'sprout.preloadErrorReloadAt';
const RELOAD_GUARD_MS = 10_000;

export function shouldReloadAfterPreloadError(lastReloadAt: number | null, now: number, online: boolean): boolean {
  if (!online) return false;
  return lastReloadAt === null || now - lastReloadAt > RELOAD_GUARD_MS;
}

function readLastReload(): number | null {
  try {
    const value = Number(sessionStorage.getItem(LAST_RELOAD_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function installPreloadErrorReload(): void {
  window.addEventListener('vite:preloadError', () => {
    const now = Date.now();
    if (!shouldReloadAfterPreloadError(readLastReload(), now, navigator.onLine)) return;
    try {
      sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
    } catch {
      return; // Without storage we could not stop a reload loop.
    }
    window.location.reload();
  });
}
