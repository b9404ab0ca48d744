// Many WebSocket clients in the bench process, joined like realtime-js (Phoenix frames, vsn 2.0.0): the
// same client code opens Sprout's sockets and the bare `ws` floor's, so both measures carry the same
// load-generator cost (1,000 clients reading on the bench's share of the cores).
import WebSocket from 'ws';

export interface SocketCrowd {
  sockets: WebSocket[];
  /** Resolves when every socket has had one postgres_changes event after this call. */
  nextEvent(): Promise<void>;
  close(): void;
}

/** realtime-js sends a heartbeat every 25 s; Sprout closes a socket silent for 75 s. */
const HEARTBEAT_MS = 25_000;

/** Opens `count` sockets on `endpoint`, each sending `join` (a Phoenix phx_join frame) and waiting for its ok reply. */
export async function openSockets(endpoint: string, join: unknown[], count: number): Promise<SocketCrowd> {
  const sockets: WebSocket[] = [];
  const waiting = new Map<WebSocket, () => void>();
  const timers: ReturnType<typeof setInterval>[] = [];
  const joinFrame = JSON.stringify(join);
  for (let i = 0; i < count; i++) {
    const ws = new WebSocket(endpoint, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      let last = '';
      const timer = setTimeout(
        () => reject(new Error(`socket ${i + 1} of ${count} not joined in 30 s; last frame: ${last}`)),
        30_000,
      );
      ws.once('error', reject);
      ws.once('close', (code, reason) =>
        reject(new Error(`socket ${i + 1} of ${count} closed: ${code} ${String(reason)}; last frame: ${last}`)),
      );
      ws.on('message', (data) => {
        // No JSON.parse: the bench process holds every client, and only which event came matters here.
        const text = String(data);
        last = text;
        // A join's reply names postgres_changes too: the event name is what tells them apart.
        if (text.includes('"phx_reply"')) {
          if (text.includes('"status":"ok"')) {
            clearTimeout(timer);
            resolve();
          }
        } else if (text.includes('"postgres_changes"')) {
          const resolveEvent = waiting.get(ws);
          waiting.delete(ws);
          resolveEvent?.();
        }
      });
      ws.once('open', () => ws.send(joinFrame));
    });
    let ref = 0;
    const timer = setInterval(
      () => ws.send(JSON.stringify([null, `hb${++ref}`, 'phoenix', 'heartbeat', {}])),
      HEARTBEAT_MS,
    );
    timers.push(timer);
    sockets.push(ws);
  }
  return {
    sockets,
    nextEvent: () => {
      const all = Promise.all(sockets.map((ws) => new Promise<void>((resolve) => waiting.set(ws, resolve))));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${waiting.size} of ${sockets.length} sockets had no event in 60 s`)),
          60_000,
        );
      });
      return Promise.race([all, late]).then(() => clearTimeout(timer));
    },
    close: () => {
      for (const timer of timers) clearInterval(timer);
      for (const ws of sockets) ws.close();
    },
  };
}

/** The phx_join realtime-js sends for `postgres_changes` on the user's notes. */
export function notesJoin(userId: string, accessToken: string): unknown[] {
  return [
    '1',
    '1',
    'realtime:notes',
    'phx_join',
    {
      config: { postgres_changes: [{ event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${userId}` }] },
      access_token: accessToken,
    },
  ];
}
