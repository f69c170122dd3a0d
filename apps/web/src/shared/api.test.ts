import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { request } from './api.ts';

describe('api request', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a call cancelled while its reply arrives rejects with the abort, and logs nothing', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue({
      ok: true,
      status: 200,
      json: () => {
        controller.abort();
        return Promise.reject(abort);
      },
    } as unknown as Response);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      request('GET', '/api/x', z.object({ ok: z.boolean() }), undefined, { signal: controller.signal }),
    ).rejects.toBe(abort);
    expect(logged).not.toHaveBeenCalled();
  });

  it('a reply that does not match the contract is still reported', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ ok: 'yes' }), { status: 200 }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(request('GET', '/api/x', z.object({ ok: z.boolean() }))).rejects.toMatchObject({
      status: 200,
    });
    expect(logged).toHaveBeenCalledOnce();
  });
});
