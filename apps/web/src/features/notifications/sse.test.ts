import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

describe('the server-sent events parser', () => {
  it('gives each event once its blank line arrives, whatever the chunks; comments and retry are skipped', () => {
    const parser = createSseParser();
    expect(parser.push('retry: 5000\n\nevent: unr')).toEqual([]);
    expect(parser.push('ead\ndata: {"unread":')).toEqual([]);
    expect(parser.push('3}\n')).toEqual([]);
    expect(parser.push('\n: beat\n\n')).toEqual([{ event: 'unread', data: '{"unread":3}' }]);
    expect(parser.push('event: unread\ndata: {"unread":4}\n\nevent: unread\ndata: {"unread":5}\n\n')).toEqual([
      { event: 'unread', data: '{"unread":4}' },
      { event: 'unread', data: '{"unread":5}' },
    ]);
  });

  it('reads CRLF and CR line ends (a CRLF cut between two chunks too), joins data lines, names unnamed events "message"', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\ndata:b\r\n\r')).toEqual([]);
    expect(parser.push('\nevent: unread\rdata: 1\r\r\n')).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'unread', data: '1' },
    ]);
  });
});
