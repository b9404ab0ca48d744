// Online/Offline as the browser reports it (navigator.onLine plus the online/offline events).
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getSnapshot = (): boolean => navigator.onLine;
// Without a browser (server rendering, some tests) assume online.
const getServerSnapshot = (): boolean => true;

/** true while the browser believes it is online; re-renders on every change. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
