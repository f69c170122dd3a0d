import type { LiveTopic } from '@brokerdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection } from './live-connection.ts';
import { reconnectDelay } from './reconnect.ts';

const LIVE_EVENTS_PATH = '/api/other/events';

/** A stand-in server: each fetch opens a stream the test writes to, ends, or answers with a status. */
function fakeServer(statuses: number[] = []) {
  const streams: { controller: ReadableStreamDefaultController<Uint8Array>; init: RequestInit }[] = [];
  const encoder = new TextEncoder();
  const open = vi.fn(async (_url: string | URL | Request, init: RequestInit = {}) => {
    const status = statuses.shift() ?? 200;
    if (status !== 200) return new Response('{"errors":{"auth":"x"}}', { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    streams.push({ controller, init });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    open: open as unknown as typeof fetch,
    calls: open,
    streams,
    send: (i: number, text: string) => streams[i]!.controller.enqueue(encoder.encode(text)),
    end: (i: number) => streams[i]!.controller.close(),
  };
}

const READY = 'retry: 2000\n\nevent: ready\ndata: {"heartbeatMs":15000}\n\n';

describe('LiveConnection', () => {
  let connection: LiveConnection | undefined;
  afterEach(() => connection?.stop());

  it('opens the stream with the bearer header, never the token in the URL, as a background call', async () => {
    const server = fakeServer();
    connection = new LiveConnection(server.open);
    connection.start('the-token');
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    const [url, init] = server.calls.mock.calls[0]!;
    expect(url).toBe(LIVE_EVENTS_PATH);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer the-token', 'X-Background': '1' });
  });

  it('is live after ready and passes on the topics of each change, leaving out unknown ones', async () => {
    const server = fakeServer();
    connection = new LiveConnection(server.open);
    const changes: LiveTopic[][] = [];
    connection.subscribe({ onChange: (topics) => changes.push(topics) });
    connection.start('t');
    expect(connection.status).toBe('connecting');
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    server.send(0, READY);
    await vi.waitFor(() => expect(connection!.status).toBe('live'));
    server.send(0, 'event: change\ndata: {"topics":["deposits","from_a_newer_server"]}\n\n: ping\n\n');
    await vi.waitFor(() => expect(changes).toEqual([['deposits']]));
  });

  it('falls back when the stream drops, reopens it, and then asks for everything to be refetched', async () => {
    const server = fakeServer();
    connection = new LiveConnection(server.open);
    const reconnects = vi.fn();
    connection.subscribe({ onReconnect: reconnects });
    connection.start('t');
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    server.send(0, READY);
    await vi.waitFor(() => expect(connection!.status).toBe('live'));
    server.send(0, 'event: end\ndata: {"reason":"shutdown"}\n\n');
    server.end(0);
    await vi.waitFor(() => expect(connection!.status).toBe('down'));
    expect(reconnects).not.toHaveBeenCalled();
    // The first retry comes after about a second.
    await vi.waitFor(() => expect(server.streams).toHaveLength(2), { timeout: 3000 });
    server.send(1, READY);
    await vi.waitFor(() => expect(connection!.status).toBe('live'));
    expect(reconnects).toHaveBeenCalledTimes(1);
  });

  it('stops for good when the server ends the stream because the session is over', async () => {
    const server = fakeServer();
    connection = new LiveConnection(server.open);
    connection.start('t');
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    server.send(0, READY);
    server.send(0, 'event: end\ndata: {"reason":"session"}\n\n');
    server.end(0);
    await vi.waitFor(() => expect(connection!.status).toBe('off'));
  });

  it('stops for good on a 401, and keeps retrying on other refusals', async () => {
    const refused = fakeServer([401]);
    connection = new LiveConnection(refused.open);
    connection.start('t');
    await vi.waitFor(() => expect(connection!.status).toBe('off'));
    expect(refused.calls).toHaveBeenCalledTimes(1);

    const busy = fakeServer([503]);
    connection = new LiveConnection(busy.open);
    connection.start('t');
    await vi.waitFor(() => expect(busy.streams).toHaveLength(1), { timeout: 3000 });
    expect(busy.calls).toHaveBeenCalledTimes(2);
  });

  it('closes the stream on stop', async () => {
    const server = fakeServer();
    connection = new LiveConnection(server.open);
    connection.start('t');
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    connection.stop();
    expect(server.streams[0]!.init.signal?.aborted).toBe(true);
    expect(connection.status).toBe('off');
  });
});

describe('reconnectDelay', () => {
  it('doubles from a second up to thirty, spread by a fifth either way', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });
});
