import { describe, expect, it } from 'vitest';
import { SseDecoder, type SseEvent } from './sse-decoder';

/** Feeds `text` cut at every position in `cuts`, collecting the events. */
function decode(text: string, cuts: number[] = []): SseEvent[] {
  const decoder = new SseDecoder();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    events.push(...decoder.push(text.slice(from, cut)));
    from = cut;
  }
  return events;
}

const STREAM = ': OPENROUTER PROCESSING\n\ndata: {"a":1}\n\nevent: error\ndata: {"error":\ndata:  "x"}\n\nid: 7\nretry: 10\ndata:[DONE]\n\n';
const EXPECTED: SseEvent[] = [
  { event: null, data: '{"a":1}' },
  { event: 'error', data: '{"error":\n "x"}' },
  { event: null, data: '[DONE]' },
];

describe('SseDecoder', () => {
  it('skips comments, id and retry, joins data lines and keeps the event name', () => {
    expect(decode(STREAM)).toEqual(EXPECTED);
  });

  it('gives the same events however the stream is cut', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) expect(decode(STREAM, [cut])).toEqual(EXPECTED);
    expect(decode(STREAM, Array.from({ length: STREAM.length }, (_, i) => i))).toEqual(EXPECTED);
  });

  it('ends lines at CRLF, LF or CR, even with a CRLF cut between its two characters', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    const cr = STREAM.replaceAll('\n', '\r');
    for (let cut = 0; cut <= crlf.length; cut++) expect(decode(crlf, [cut])).toEqual(EXPECTED);
    expect(decode(cr)).toEqual(EXPECTED);
  });

  it('holds an event until its blank line arrives', () => {
    const decoder = new SseDecoder();
    expect(decoder.push('data: {"a":1}\n')).toEqual([]);
    expect(decoder.push('\n')).toEqual([{ event: null, data: '{"a":1}' }]);
  });

  it('takes a field without a colon as a field with an empty value, and an empty event name as none', () => {
    expect(decode('data\n\nevent\n\nevent:\ndata: x\n\n')).toEqual([
      { event: null, data: '' },
      { event: null, data: 'x' },
    ]);
  });
});
