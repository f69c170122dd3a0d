import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './events.ts';

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const push = createSseParser(
    (m) => messages.push(m),
    (c) => comments.push(c),
  );
  for (const c of chunks) push(c);
  return { messages, comments };
}

describe('createSseParser', () => {
  it('reads events, comments and the retry field of a whole stream', () => {
    const text =
      'retry: 2000\n\nevent: ready\ndata: {"heartbeatMs":15000}\n\n: ping\n\nevent: change\ndata: {"topics":["deposits"]}\n\n';
    expect(parse([text])).toEqual({
      messages: [
        { event: 'ready', data: '{"heartbeatMs":15000}' },
        { event: 'change', data: '{"topics":["deposits"]}' },
      ],
      comments: ['ping'],
    });
  });

  it('gives the same events however the stream is cut into chunks', () => {
    const text = 'event: change\r\ndata: {"topics":["users"]}\r\n\r\n: ping\n\ndata: a\ndata: b\n\n';
    const whole = parse([text]);
    expect(whole.messages).toEqual([
      { event: 'change', data: '{"topics":["users"]}' },
      { event: 'message', data: 'a\nb' },
    ]);
    for (let size = 1; size < 8; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(parse(chunks)).toEqual(whole);
    }
  });

  it('holds back an event until its blank line arrives', () => {
    const { messages } = parse(['event: change\ndata: {}\n']);
    expect(messages).toEqual([]);
  });
});
