/** One server-sent event: its name (`message` when the server gave none) and its data lines joined by newlines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of a `text/event-stream` body (the WHATWG "event stream interpretation", the parts a client
 * of /notification/stream needs): text goes in as it arrives, in chunks cut anywhere; the events that a blank line
 * completes come out. Comments (`: beat`), `id:` and `retry:` are skipped; CRLF, CR and LF all end a line.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function line(text: string, out: SseEvent[]) {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  return {
    /** Adds a chunk of text; returns the events it completed, in order. */
    push(chunk: string): SseEvent[] {
      buffer += chunk;
      const out: SseEvent[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A CR at the very end may be the first half of a CRLF cut by the chunking: wait for the next chunk.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
  };
}
