// The notes data layer for the signed-in user: one NotesSession per user, made when the user signs in
// (so the screens read and write this device's notes at once) and connected to the server as soon as
// the Supabase client exists (sync at start, after writes, when back online ... [S14]); stopped when
// the user signs out or changes. Automatic syncs show their toasts. It draws nothing itself.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  DexieLocalStore,
  NotesSession,
  NotesSessionProvider,
  openSproutDb,
  PAGE_SIZE,
  livePage,
  RECENT_IDEAS_LIMIT,
  requestPersistentStorage,
  loadLiveChanges,
  loadSupabaseRemote,
  deviceClearsOwed,
  payOwedClears,
  type LocalStore,
  type NotesKind,
  type StartLiveChanges,
  type NotesSessionOptions,
  type RemoteNotes,
  type SproutDb,
  type ToastMessage,
} from '../../data/notes';
import { exponentialBackoff, type BackoffOptions } from '#core/backoff';
import { useAuth } from '../../data/auth';
import { checkRefusedSession, getAuthClient, getRestClient, getRealtime } from '../../lib/supabase';
import { afterContentShown } from '../../lib/first-content';
import { toast } from '../../lib/toast';

/** This device's notes storage, whoever is signed in: what sign-out clears when no session is running. */
export interface NotesDevice {
  db: SproutDb | null;
  store: LocalStore;
}

const NotesDeviceContext = createContext<NotesDevice | null>(null);

/** The device storage the notes provider above uses (for the sign-out steps). */
export function useNotesDevice(): NotesDevice {
  const device = useContext(NotesDeviceContext);
  if (!device) throw new Error('useNotesDevice must be used inside <NotesProvider>');
  return device;
}

let sharedDevice: NotesDevice | null = null;

/** The page's one IndexedDB connection, kept across sign-outs and sign-ins (the provider mounts with them). */
function openDevice(): NotesDevice {
  if (!sharedDevice) {
    const db = openSproutDb();
    // Opened now, while the layout renders, rather than by the first screen's first query after it:
    // a start's notes wait for the database's open (issue 10). A failure is the queries' to report.
    db.open().catch(() => undefined);
    sharedDevice = { db, store: new DexieLocalStore(db) };
  }
  return sharedDevice;
}

/** The server's notes for the sync, once the first screen's content is shown (lib/first-content.ts). */
async function supabaseRemote(userId: string): Promise<RemoteNotes> {
  await afterContentShown();
  const [rest, auth, SupabaseRemote] = await Promise.all([getRestClient(), getAuthClient(), loadSupabaseRemote()]);
  return new SupabaseRemote({ from: (relation) => rest.from(relation), auth }, userId);
}

/** How long a change feed whose code could not load waits before trying again (as the feed's own start does). */
const LIVE_CODE_RETRY_MS = 10_000;

/**
 * [S21] The server's change feed over the same Supabase client, fetched when sync starts. Its code loads
 * then too, beside the realtime client's, not with the start (docs/decisions.md, 'The change feed's code
 * loads when sync connects'). A feed stopped while its code loads never starts.
 */
function supabaseLiveChanges(userId: string): StartLiveChanges {
  return (handlers) => {
    let stop: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const begin = () =>
      void loadLiveChanges().then(
        (startLiveChanges) => {
          if (stopped) return;
          stop = startLiveChanges({
            ...handlers,
            userId,
            getClient: getRealtime,
            getAuth: getAuthClient,
            onRefused: () => void checkRefusedSession(),
          });
        },
        () => {
          if (!stopped) retry = setTimeout(begin, LIVE_CODE_RETRY_MS);
        },
      );
    begin();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      stop?.();
    };
  };
}

function notify(message: ToastMessage): void {
  toast(message);
}

export interface NotesProviderProps {
  children: ReactNode;
  /** Where notes are kept (IndexedDB `sprout` by default). */
  device?: NotesDevice;
  /** The server connection for a user; rejects while it cannot be made (a first visit offline). */
  connect?: (userId: string) => Promise<RemoteNotes>;
  /** Settings of each session's sync controller (tests). */
  controller?: NotesSessionOptions['controller'];
  /** The change feed for a user [S21]; the server's by default, none when `connect` is given (tests). */
  live?: ((userId: string) => StartLiveChanges) | null;
  /** The kind of notes the first screen lists: its first page is read at once, beside the sidebar's. */
  firstList?: NotesKind;
  /** The tag the first list is filtered by (`?tag=`), if any. */
  firstTag?: string | null;
  /** When a sync that could not start is tried again while online (tests shorten it). */
  startRetry?: BackoffOptions;
}

/** A sync that could not start is tried again after 2-3 s, 4-5 s, ... and at most every minute while online. */
const SYNC_START_RETRY: Readonly<BackoffOptions> = Object.freeze({
  baseMs: 2000,
  factor: 2,
  maxMs: 60_000,
  jitterMs: 1000,
});

export function NotesProvider({
  children,
  device: givenDevice,
  connect = supabaseRemote,
  controller,
  live,
  firstList,
  firstTag = null,
  startRetry = SYNC_START_RETRY,
}: NotesProviderProps) {
  const userId = useAuth().user?.id ?? null;
  const [device] = useState(() => givenDevice ?? openDevice());
  const [controllerOptions] = useState(() => controller);
  // A Sign out whose clearing of this device was cut short (owed-clears.ts) is finished before the next
  // session starts, and before the screens show: it may be the same user's, whose old copy must not be
  // read, synced or kept. Rare (a few milliseconds of nothing on screen); one localStorage read otherwise.
  const [paidAt, setPaidAt] = useState(0);
  const owing = userId !== null && deviceClearsOwed().length > 0;
  useEffect(() => {
    if (!owing) return;
    let live = true;
    void payOwedClears(device.store).then(() => live && setPaidAt(Date.now()));
    return () => {
      live = false;
    };
  }, [owing, device, paidAt]);
  // Made during render, without side effects: sync only starts in the effect below.
  const session = useMemo(
    () =>
      userId && !owing
        ? new NotesSession({ userId, store: device.store, db: device.db, notify, controller: controllerOptions })
        : null,
    [userId, owing, device, controllerOptions],
  );
  // Once a session's notes are opened, what its first screen and the sidebar's Recent Ideas show is read
  // at once, while the layout and the screen render: their live queries start only after the first commit
  // (issue 10). A read, so safe to start from render; the pages stand until the first write.
  const [firstListOfPage] = useState(firstList);
  const [firstTagOfPage] = useState(firstTag);
  useMemo(() => {
    if (!session?.db) return;
    if (firstListOfPage)
      livePage(session.db, session.userId, PAGE_SIZE, firstListOfPage, 'updated', firstTagOfPage).readAhead();
    livePage(session.db, session.userId, RECENT_IDEAS_LIMIT, 'expanded').readAhead();
  }, [session, firstListOfPage, firstTagOfPage]);

  const connectRef = useRef(connect);
  const liveRef = useRef(live === undefined ? (connect === supabaseRemote ? supabaseLiveChanges : null) : live);
  useEffect(() => {
    connectRef.current = connect;
  }, [connect]);

  const askedForPersistence = useRef(false);
  const [retryBackoff] = useState(startRetry);
  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const retry = () => {
      clearTimeout(retryTimer);
      window.removeEventListener('online', retry);
      if (!cancelled) start();
    };
    const start = () => {
      // Signed in means the client exists (the auth provider got the session from it) or is on its way;
      // only a first visit offline, before the public config was ever fetched, has to wait for the network.
      connectRef
        .current(session.userId)
        .then(async (remote) => {
          if (cancelled) return;
          // The sync engine's code loads here (notes-session.ts): a network lost meanwhile fails the start,
          // which is tried again once online, as a connection that could not be made.
          await session.connect(remote, liveRef.current?.(session.userId));
          if (!askedForPersistence.current) {
            askedForPersistence.current = true;
            void requestPersistentStorage();
          }
        })
        .catch((error: unknown) => {
          console.warn('Notes sync could not start:', error);
          if (cancelled) return;
          // Tried again when the browser says it is back online, and after a back-off while it says it is
          // online: the 'online' event can come before the network carries a request (a flickering
          // connection), and a start that fails then would otherwise wait for an event that never comes.
          window.addEventListener('online', retry, { once: true });
          retryTimer = setTimeout(
            () => {
              if (navigator.onLine !== false) retry();
            },
            exponentialBackoff(retryBackoff, failures++),
          );
        });
    };
    start();
    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', retry);
      session.stop();
    };
  }, [session, retryBackoff]);

  return (
    <NotesDeviceContext.Provider value={device}>
      {/* Nothing while a debt is paid: without a session the screens would say there are no notes. */}
      <NotesSessionProvider session={session}>{owing ? null : children}</NotesSessionProvider>
    </NotesDeviceContext.Provider>
  );
}
