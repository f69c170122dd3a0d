import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import tls from 'node:tls';
import { buildQuery, type Params } from './params.ts';

/** One HTTP exchange with the MT5 Web API, before any meaning is given to the reply. */
export type WireRequest = { method: 'GET' | 'POST'; path: string; query?: Params; body?: unknown };
export type WireReply = { status: number; text: string };

/**
 * Why an exchange produced no reply. `sent` says whether the request may have reached the server: it
 * is false only when no connection was ever made for it (or we refused to use the one we got), which
 * is what makes a retry of a balance operation safe or not.
 */
export type TransportFailure = 'unreachable' | 'timeout' | 'connection' | 'tls' | 'session';

export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    readonly sent: boolean,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}

export type SendOptions = {
  /** The exchange must use this socket (the one the session is bound to), or it is not sent at all. */
  bindTo?: Socket;
  /** Told which socket carried the exchange (the handshake binds the session to it). */
  onSocket?: (socket: Socket) => void;
};

const TLS_TRUST_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** `ca` is PEM text or the path of a PEM file; it is added to Node's public roots, not put instead. */
function loadCa(ca: string | undefined): string[] | undefined {
  if (!ca) return undefined;
  const pem = ca.includes('-----BEGIN') ? ca : fs.readFileSync(ca, 'utf8');
  return [...tls.rootCertificates, pem];
}

/**
 * The single keep-alive connection to the MT5 Web API. The server binds a session to a TCP
 * connection, so the agent may hold one socket at most; a small cookie jar is kept as well because
 * whether the server also sets a cookie is unconfirmed.
 */
export class Mt5Transport {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly cookies = new Map<string, string>();

  constructor(
    url: string,
    ca: string | undefined,
    private readonly timeoutMs: number,
  ) {
    this.base = new URL(url);
    if (this.base.protocol === 'https:') {
      this.agent = new https.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1, ca: loadCa(ca) });
    } else if (this.base.protocol === 'http:') {
      this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });
    } else {
      throw new Error(`MT5 URL must be http:// or https://, not ${this.base.protocol}`);
    }
  }

  get origin(): string {
    return this.base.origin;
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  destroy(): void {
    this.agent.destroy();
  }

  send(request: WireRequest, options: SendOptions = {}): Promise<WireReply> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (cookie) headers.Cookie = cookie;
      let payload: Buffer | undefined;
      if (request.body !== undefined) {
        payload = Buffer.from(JSON.stringify(request.body), 'utf8');
        // The documented content type, even though the body is JSON.
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        headers['Content-Length'] = String(payload.length);
      }
      const basePath = this.base.pathname.replace(/\/$/, '');
      const transport = this.base.protocol === 'https:' ? https : http;
      const req = transport.request({
        protocol: this.base.protocol,
        hostname: this.base.hostname,
        port: this.base.port || undefined,
        method: request.method,
        path: `${basePath}${request.path}${buildQuery(request.query)}`,
        headers,
        agent: this.agent,
      });

      let sent = false;
      let settled = false;
      const fail = (error: TransportError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
        // A reply that arrives later would be read as the answer to the next call: drop the socket.
        req.destroy();
      };
      const timer = setTimeout(
        () =>
          fail(
            new TransportError(
              'timeout',
              sent,
              `MT5 did not answer ${request.path} within ${this.timeoutMs} ms`,
            ),
          ),
        this.timeoutMs,
      );

      req.on('socket', (socket: Socket) => {
        // 'socket' comes before anything is written, so refusing here sends nothing.
        if (options.bindTo && socket !== options.bindTo) {
          fail(new TransportError('session', false, 'The MT5 session connection was closed'));
          return;
        }
        options.onSocket?.(socket);
        if (!socket.connecting) sent = true;
        else socket.once(socket instanceof tls.TLSSocket ? 'secureConnect' : 'connect', () => (sent = true));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => fail(this.lost(err, sent)));
        res.on('aborted', () =>
          fail(new TransportError('connection', true, 'MT5 closed the connection mid-reply')),
        );
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.keepCookies(res.headers['set-cookie']);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      req.on('error', (err) => fail(this.lost(err, sent)));
      req.end(payload);
    });
  }

  private lost(err: Error & { code?: string }, sent: boolean): TransportError {
    const code = err.code ?? '';
    if (TLS_TRUST_CODES.has(code)) {
      return new TransportError(
        'tls',
        false,
        `MT5 TLS certificate not trusted (${code}): set MT5_CA to its CA`,
        {
          cause: err,
        },
      );
    }
    if (!sent) {
      return new TransportError(
        'unreachable',
        false,
        `MT5 unreachable at ${this.base.origin}: ${err.message}`,
        {
          cause: err,
        },
      );
    }
    return new TransportError('connection', true, `MT5 connection lost: ${err.message}`, { cause: err });
  }

  private keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const pair = line.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
}
