// When the page first needs the auth client (issue 10): at once with a stored session, else at the
// visitor's first interaction, a session written by another tab, or any code asking for the client.
// /login's first paint so loads no auth code, and a sign-in finds it on its way (docs/decisions.md,
// '/login loads the auth client only when it is needed').

/** What moves a visitor's hand: the form's first focus, tap or key comes well before a submit. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

export interface AuthNeededSources {
  /** Whether a session is stored now (then the client is needed at once: restore and refresh it). */
  hasStoredSession: () => boolean;
  /** The session's localStorage key: another tab signing in writes it (a `storage` event here). */
  sessionKey: string;
  /** Subscribes to the first request for the auth client by any code; returns the unsubscribe. */
  onRequested: (listener: () => void) => () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Resolves when the auth client is needed (see above); the listeners go with the first trigger. */
export function whenAuthNeeded({
  hasStoredSession,
  sessionKey,
  onRequested,
  target = window,
}: AuthNeededSources): Promise<void> {
  if (hasStoredSession()) return Promise.resolve();
  return new Promise((resolve) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === sessionKey || event.key === null) done();
    };
    const offRequested = onRequested(() => done());
    function done() {
      for (const type of INTERACTIONS) target.removeEventListener(type, done, true);
      target.removeEventListener('storage', onStorage as EventListener);
      offRequested();
      resolve();
    }
    // Capture phase: a handler that stops propagation must not hide the interaction.
    for (const type of INTERACTIONS) target.addEventListener(type, done, { capture: true, passive: true });
    target.addEventListener('storage', onStorage as EventListener);
  });
}
