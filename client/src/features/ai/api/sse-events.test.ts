// The event-stream decoder: the events of docs/api.md from bytes split anywhere (inside a line, a field
// name, a UTF-8 character), comments skipped, unknown events ignored, unreadable data reported.
import { describe, expect, it } from 'vitest';
import { createAiEventDecoder, toAiEvent, type AiStreamEvent } from './sse-events';

const encoder = new TextEncoder();

const STREAM = [
  ': OPENROUTER PROCESSING\n\n',
  'event: delta\ndata: {"text":"Hé"}\n\n',
  'event: delta\r\ndata: {"text":"llo, 🌱 wörld"}\r\n\r\n',
  'event: ping\ndata: {}\n\n',
  ': keep-alive\n\n',
  'event: done\ndata: {"text":"Hello, 🌱 wörld","expandedContent":"Goal","steps":["One","Two"],"usingFallback":false}\n\n',
].join('');

const EXPECTED: AiStreamEvent[] = [
  { type: 'delta', text: 'Hé' },
  { type: 'delta', text: 'llo, 🌱 wörld' },
  {
    type: 'done',
    payload: { text: 'Hello, 🌱 wörld', expandedContent: 'Goal', steps: ['One', 'Two'], usingFallback: false },
  },
];

function decode(chunks: Uint8Array[]): AiStreamEvent[] {
  const events: AiStreamEvent[] = [];
  const decoder = createAiEventDecoder((event) => events.push(event));
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return events;
}

describe('createAiEventDecoder', () => {
  const bytes = encoder.encode(STREAM);

  it('decodes the whole body at once', () => {
    expect(decode([bytes])).toEqual(EXPECTED);
  });

  it('gives the same events when the body is split in two at every byte boundary', () => {
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(decode([bytes.slice(0, cut), bytes.slice(cut)]), `cut at byte ${cut}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events when every byte arrives on its own', () => {
    expect(decode(Array.from(bytes, (b) => Uint8Array.of(b)))).toEqual(EXPECTED);
  });

  it('drops an event cut off before its blank line (the stream broke)', () => {
    const events = decode([
      encoder.encode('event: delta\ndata: {"text":"a"}\n\nevent: done\ndata: {"text":"a","usingFallback":false}'),
    ]);
    expect(events).toEqual([{ type: 'delta', text: 'a' }]);
  });

  it('reads an error event and its fields as sent', () => {
    const body =
      'event: error\ndata: {"status":502,"message":"No response generated.","partial":"Hi","incomplete":true}\n\n';
    expect(decode([encoder.encode(body)])).toEqual([
      { type: 'error', data: { status: 502, message: 'No response generated.', partial: 'Hi', incomplete: true } },
    ]);
  });
});

describe('toAiEvent', () => {
  it('defaults usingFallback to false and leaves out absent plan fields', () => {
    expect(toAiEvent({ event: 'done', data: '{"text":"x"}' })).toEqual({
      type: 'done',
      payload: { text: 'x', usingFallback: false },
    });
  });

  it('reports unreadable data of a known event', () => {
    expect(toAiEvent({ event: 'delta', data: 'not json' })).toEqual({
      type: 'invalid',
      event: 'delta',
      data: 'not json',
    });
    expect(toAiEvent({ event: 'done', data: '{"text":42}' })).toMatchObject({ type: 'invalid', event: 'done' });
    expect(toAiEvent({ event: 'error', data: '<html>' })).toMatchObject({ type: 'invalid', event: 'error' });
  });

  it('ignores events it does not know, and unnamed messages', () => {
    expect(toAiEvent({ event: 'ping', data: '{}' })).toBeNull();
    expect(toAiEvent({ event: undefined, data: '{"text":"x"}' })).toBeNull();
  });
});
