// The bytes of one change for every socket that should have it. A user's sockets mostly asked the same
// (realtime-js numbers its joins alike on every socket, and equal requests share binding ids), so the
// frame is built once per kind of channel and the same Buffer is sent to each: the per-socket cost of a
// fan-out is a Map lookup and the send itself.
import type { Binding } from './subscriptions';
import { presentChange, type ChangeEvent } from './presenters';
import { encodePush, PHX } from './protocol';
import { bindingMatches } from './subscriptions';

export interface ChannelShape {
  topic: string;
  joinRef: string | null;
  bindings: readonly Binding[];
  /** Equal for channels that get the same bytes for every change (channelKey). */
  key: string;
}

/** What decides a channel's frames: its bindings' ids (each id stands for one request), join ref and topic. */
export function channelKey(topic: string, joinRef: string | null, bindings: readonly Binding[]): string {
  return JSON.stringify([bindings.map((b) => b.id), joinRef, topic]);
}

/** For one change: the frame for a channel, or null when none of its bindings match; built once per channel key. */
export function changeFrames(event: ChangeEvent): (channel: ChannelShape) => Buffer | null {
  const frames = new Map<string, Buffer | null>();
  const payloads = new Map<string, string>();
  return (channel) => {
    let frame = frames.get(channel.key);
    if (frame !== undefined) return frame;
    const ids = channel.bindings.filter((b) => bindingMatches(b, event.type, event.record)).map((b) => b.id);
    if (ids.length === 0) {
      frame = null;
    } else {
      const idsKey = ids.join(',');
      let payload = payloads.get(idsKey);
      if (payload === undefined) {
        payload = presentChange(event, ids);
        payloads.set(idsKey, payload);
      }
      frame = Buffer.from(encodePush(channel.joinRef, channel.topic, PHX.changes, payload));
    }
    frames.set(channel.key, frame);
    return frame;
  };
}
