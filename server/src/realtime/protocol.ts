// The Phoenix channels wire format that @supabase/realtime-js speaks (serializer vsn 2.0.0): every text
// frame is a JSON array [join_ref, ref, topic, event, payload]. Only what realtime-js sends for
// postgres_changes is understood; anything else is answered with an error reply or closes the socket.
import { z } from 'zod';

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export const PHX = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  accessToken: 'access_token',
  heartbeat: 'heartbeat',
  changes: 'postgres_changes',
  system: 'system',
} as const;

/** The socket's own topic, for heartbeats. */
export const PHOENIX_TOPIC = 'phoenix';

const refSchema = z.union([z.string().max(64), z.null()]);
const frameSchema = z.tuple([
  refSchema,
  refSchema,
  z.string().min(1).max(255),
  z.string().min(1).max(64),
  z.record(z.string(), z.unknown()),
]);

/** Why a frame could not be read; the connection closes with this reason. */
export class ProtocolError extends Error {}

export function decodeFrame(data: string): PhoenixMessage {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  const parsed = frameSchema.safeParse(value);
  if (!parsed.success) throw new ProtocolError('frame is not [join_ref, ref, topic, event, payload]');
  const [joinRef, ref, topic, event, payload] = parsed.data;
  return { joinRef, ref, topic, event, payload };
}

export function encodeFrame(message: PhoenixMessage): string {
  return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
}

/** A `phx_reply` to the push `ref` of `topic`. */
export function reply(
  to: Pick<PhoenixMessage, 'joinRef' | 'ref' | 'topic'>,
  status: 'ok' | 'error',
  response: Record<string, unknown> = {},
): string {
  return encodeFrame({
    joinRef: to.joinRef,
    ref: to.ref,
    topic: to.topic,
    event: PHX.reply,
    payload: { status, response },
  });
}

/** A server push on a joined channel; `payloadJson` is already serialized (shared by every socket of a fan-out). */
export function encodePush(joinRef: string | null, topic: string, event: string, payloadJson: string): string {
  return `[${JSON.stringify(joinRef)},null,${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
}
