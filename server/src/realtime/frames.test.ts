// [S21] One change, many sockets: each socket gets the frame realtime-js reads as its binding's event,
// and sockets that asked the same share one encoding (the 1,000-socket fan-out of issue 13).
import { describe, expect, it } from 'vitest';
import { changeFrames, channelKey, type ChannelShape } from './frames';
import { parseBindings } from './subscriptions';

const USER = '7b0c64a4-7d55-4c1b-9b0e-6f3f7f2f6a01';
const NOTE = { id: 'f2b5b7b4-3c1e-4c53-9f0e-2f6ad1c0e9a1', user_id: USER, title: 'Live', revision: 3 };

function channel(request: Record<string, unknown>[], joinRef = '1', topic = 'realtime:notes'): ChannelShape {
  const bindings = parseBindings(request);
  return { topic, joinRef, bindings, key: channelKey(topic, joinRef, bindings) };
}

const everyChange = [{ event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${USER}` }];

describe('change frames', () => {
  it('gives equal requests on different sockets the same binding id, and a different request another', () => {
    const [a] = parseBindings(everyChange);
    const [b] = parseBindings(everyChange);
    const [c] = parseBindings([{ ...everyChange[0], event: 'UPDATE' }]);
    expect(a!.id).toBe(b!.id);
    expect(c!.id).not.toBe(a!.id);
    expect(Number.isSafeInteger(a!.id)).toBe(true);
  });

  it('encodes one change once for every socket that asked the same, as the Phoenix push realtime-js reads', () => {
    const frameFor = changeFrames({ type: 'UPDATE', record: NOTE, commitTimestamp: '2026-11-23T12:00:00.000Z' });
    const sockets = Array.from({ length: 3 }, () => channel(everyChange));
    const frames = sockets.map(frameFor);
    expect(frames[1]).toBe(frames[0]);
    expect(frames[2]).toBe(frames[0]);
    const [joinRef, ref, topic, event, payload] = JSON.parse(frames[0]!.toString('utf8')) as [
      string,
      null,
      string,
      string,
      { ids: number[]; data: Record<string, unknown> },
    ];
    expect([joinRef, ref, topic, event]).toEqual(['1', null, 'realtime:notes', 'postgres_changes']);
    expect(payload.ids).toEqual([sockets[0]!.bindings[0]!.id]);
    expect(payload.data).toMatchObject({
      type: 'UPDATE',
      table: 'notes',
      record: NOTE,
      old_record: { id: NOTE.id, user_id: USER },
    });
  });

  it('builds a frame of its own for another join ref, and none for a channel whose bindings do not match', () => {
    const frameFor = changeFrames({ type: 'UPDATE', record: NOTE, commitTimestamp: '2026-11-23T12:00:00.000Z' });
    const other = frameFor(channel(everyChange, '7'));
    expect(JSON.parse(other!.toString('utf8'))[0]).toBe('7');
    expect(frameFor(channel([{ event: 'DELETE', schema: 'public', table: 'notes' }]))).toBeNull();
    expect(frameFor(channel([{ event: '*', schema: 'public', table: 'notes', filter: 'id=eq.another' }]))).toBeNull();
  });
});
