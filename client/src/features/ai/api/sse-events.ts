// Turns the bytes of an /api/ai/* event stream into typed events (docs/api.md: delta, done, error),
// each event's data read as core/ai-events.ts says. Bytes may be split anywhere, even inside a UTF-8
// character or a line; comments are skipped.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { readDelta, readDone, type AiDonePayload } from '#core/ai-events';

export type AiStreamEvent =
  | { type: 'delta'; text: string }
  /** Drop the text received so far: a corrected answer follows (a plan that did not follow the format). */
  | { type: 'restart' }
  | { type: 'done'; payload: AiDonePayload }
  | { type: 'error'; data: unknown }
  /** A known event whose data could not be read. */
  | { type: 'invalid'; event: string; data: string };

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** One parsed SSE message as an AI event; null for events this client does not know (ignored). */
export function toAiEvent(message: EventSourceMessage): AiStreamEvent | null {
  const { event, data } = message;
  if (event === 'restart') return { type: 'restart' };
  if (event !== 'delta' && event !== 'done' && event !== 'error') return null;
  const json = parseJson(data);
  if (event === 'error') return json === undefined ? { type: 'invalid', event, data } : { type: 'error', data: json };
  if (event === 'delta') {
    const delta = readDelta(json);
    return delta ? { type: 'delta', text: delta.text } : { type: 'invalid', event, data };
  }
  const done = readDone(json);
  return done ? { type: 'done', payload: done } : { type: 'invalid', event, data };
}

export interface AiEventDecoder {
  /** Feeds the next bytes of the body, as they arrived. */
  push(bytes: Uint8Array): void;
  /** The body ended. An event cut off before its blank line is dropped, as the SSE standard says. */
  end(): void;
}

export function createAiEventDecoder(onEvent: (event: AiStreamEvent) => void): AiEventDecoder {
  const decoder = new TextDecoder('utf-8');
  const parser = createParser({
    onEvent(message) {
      const event = toAiEvent(message);
      if (event) onEvent(event);
    },
  });
  return {
    push(bytes) {
      const text = decoder.decode(bytes, { stream: true });
      if (text !== '') parser.feed(text);
    },
    end() {
      const rest = decoder.decode();
      if (rest !== '') parser.feed(rest);
      parser.reset();
    },
  };
}
