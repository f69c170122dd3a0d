import http from 'node:http';
import { urlOf, type CallDef } from '@brokerdesk/contract';

export type AddressReply = { status: number; body: unknown; retryAfter: string | undefined };

/**
 * Calls the server from a loopback address of the test's own (127.0.0.x, bound as the socket's local
 * address), so per-address limits start from zero whatever else a file sent from 127.0.0.1. Extra
 * headers (X-Forwarded-For) go along as given. Only for calls without path parameters or query: the
 * sign-in and password calls these limits guard.
 */
export function fromAddress(base: string, address: string) {
  return (def: CallDef, body?: unknown, extra: Record<string, string> = {}) =>
    new Promise<AddressReply>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = { accept: 'application/json', ...extra };
      if (data)
        Object.assign(headers, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        });
      const url = base + urlOf(def);
      const req = http.request(url, { method: def.method, headers, localAddress: address }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const retry = res.headers['retry-after'];
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            retryAfter: retry === undefined ? undefined : String(retry),
          });
        });
      });
      req.on('error', reject);
      req.end(data);
    });
}
