// [S21] The server's change feed for the signed-in user, through Supabase Realtime: each event is a
// hint that makes the sync controller pull (debounced); the event's row is not used, so a lost event
// costs latency, never correctness. Every (re)subscription pulls too, since events sent while the
// socket was down are not replayed. The client comes from `getClient`, called only when sync starts,
// so nothing here loads the realtime client before a signed-in screen needs it (this module imports types only).
import type { GoTrueClient } from '@supabase/auth-js';
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';

/** The session holder: the app's one auth client (the realtime client has no `auth` of its own). */
export type LiveChangesAuth = Pick<GoTrueClient, 'getSession' | 'onAuthStateChange'>;

export interface LiveChangesOptions {
  userId: string;
  getClient: () => Promise<RealtimeClient>;
  getAuth: () => Promise<LiveChangesAuth>;
  /**
   * A change hint, or a fresh subscription: pull soon. `revision` is the revision the change wrote, when
   * its event names one (a subscription, or an event without it, names none: anything may be new).
   */
  onHint: (revision?: number) => void;
  /** Whether the channel is subscribed (the poll slows down while it is). */
  onHealth: (healthy: boolean) => void;
  /** Delay before trying again after a failed start (no client yet, offline). */
  retryMs?: number;
  /**
   * The server refused the join for its token (the session ended, or the token is not valid): the app asks
   * the auth server whether the session stands (lib/session-check.ts). The channel keeps trying meanwhile.
   */
  onRefused?: () => void;
}

/** Starts the subscription; the returned function ends it. */
export type StartLiveChanges = (options: Omit<LiveChangesOptions, 'getClient' | 'getAuth' | 'userId'>) => () => void;

/** A join refused for its token, as the server and Supabase Realtime word it (the error's message is the reply's reason). */
const TOKEN_REFUSED = /session has ended|invalid token|token has expired/i;

export function startLiveChanges(options: LiveChangesOptions): () => void {
  const { userId, getClient, getAuth, onHint, onHealth, retryMs = 10_000, onRefused } = options;
  let stopped = false;
  let client: RealtimeClient | null = null;
  let auth: LiveChangesAuth;
  let channel: RealtimeChannel | null = null;
  let unlistenAuth: (() => void) | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const start = async () => {
    try {
      [client, auth] = await Promise.all([getClient(), getAuth()]);
    } catch {
      if (!stopped) retry = setTimeout(() => void start(), retryMs);
      return;
    }
    if (stopped) return;
    const { data } = await auth.getSession();
    if (stopped) return;
    // Realtime joins with the access token; on every refresh the live channel gets the new one (a
    // socket whose token expires is closed by the server, and rejoins with the newest token).
    await client.setAuth(data.session?.access_token ?? null);
    const { data: listening } = auth.onAuthStateChange((event, session) => {
      if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && session?.user.id === userId) {
        void client?.setAuth(session.access_token);
      }
    });
    unlistenAuth = () => listening.subscription.unsubscribe();
    if (stopped) return stop();
    channel = client
      .channel(`notes:${userId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${userId}` },
        (payload) => onHint(hintedRevision(payload)),
      )
      .subscribe((status, error) => {
        if (stopped) return;
        if (status === 'CHANNEL_ERROR' && error && TOKEN_REFUSED.test(error.message)) onRefused?.();
        const healthy = status === 'SUBSCRIBED';
        onHealth(healthy);
        // Subscribed again after a drop: whatever changed meanwhile is pulled now.
        if (healthy) onHint();
      });
  };

  const stop = () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    unlistenAuth?.();
    unlistenAuth = null;
    if (client && channel) void client.removeChannel(channel);
    channel = null;
    onHealth(false);
  };

  void start();
  return stop;
}

/**
 * The revision an event's row was written at (`new.revision`; the server sends bigints as numbers, a
 * numeric string is read too), or undefined when it names none. Only this is read of the row: the row
 * itself is never applied [S21].
 */
export function hintedRevision(payload: { new?: unknown } | null | undefined): number | undefined {
  const row = payload?.new;
  const revision = typeof row === 'object' && row !== null ? (row as { revision?: unknown }).revision : undefined;
  const value = typeof revision === 'string' && revision.trim() !== '' ? Number(revision) : revision;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
