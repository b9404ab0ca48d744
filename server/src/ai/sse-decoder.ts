// Server-sent events as the provider sends them, decoded incrementally: text goes in as it arrives, in
// pieces cut anywhere, and each complete event comes out with its `event` name and its `data` lines
// joined by newlines (the WHATWG rules: comment lines and `id`/`retry` fields are skipped, one space
// after the colon is dropped, lines end in CRLF, LF or CR). No I/O here: provider.ts feeds it.

export interface SseEvent {
  /** The `event:` field, or null when the event has none (the usual chunk). */
  event: string | null;
  data: string;
}

export class SseDecoder {
  /** The text after the last complete line. */
  private rest = '';
  /** The previous piece ended in CR: an LF starting this one belongs to that line end. */
  private afterCr = false;
  private event: string | null = null;
  private data: string[] = [];

  /** Decodes one more piece of the stream; returns the events it completed, in order. */
  push(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    // `rest` is empty whenever `afterCr` is set: that CR ended the last piece.
    const buffer = this.rest + text;
    let start = this.afterCr && text.startsWith('\n') ? 1 : 0;
    this.afterCr = false;
    for (;;) {
      const lf = buffer.indexOf('\n', start);
      const cr = buffer.indexOf('\r', start);
      const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
      if (end < 0) break;
      this.line(buffer.slice(start, end), events);
      start = end + 1;
      if (end === cr) {
        if (start === buffer.length) this.afterCr = true;
        else if (buffer[start] === '\n') start += 1;
      }
    }
    this.rest = buffer.slice(start);
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      // A blank line ends the event; one with neither a name nor data is nothing (an empty name is none).
      if (this.event || this.data.length > 0) events.push({ event: this.event || null, data: this.data.join('\n') });
      this.event = null;
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }
}
