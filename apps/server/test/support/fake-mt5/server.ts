import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { FaultSwitches, type Fault } from './faults.ts';
import { FakeLedger } from './ledger.ts';
import { done, failed, route, type FakeReply } from './routes.ts';
import { handshakeAnswer, parseQuery, randomHex16 } from './wire.ts';

export type FakeMt5Options = {
  managerLogin?: number;
  managerPassword?: string;
  groups?: string[];
  firstLogin?: number;
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
  /** Epoch seconds (UTC). */
  now?: () => number;
  /**
   * The trade server's time zone, seconds east of UTC: deal and user times and time/server are in
   * it, as MetaQuotes documents (the server's clock is local time written as epoch seconds).
   */
  utcOffset?: number;
};

export type RequestOutcome = 'replied' | 'dropped' | 'held' | 'lost' | 'late';
export type RequestEvent = { path: string; outcome: RequestOutcome };

export type FakeCounters = {
  /** Connections that carried at least one request. */
  connections: number;
  authStarts: number;
  /** Successful handshakes. */
  auths: number;
  authFailures: number;
  requests: number;
  /** /api/trade/balance requests received, whatever became of them. */
  balanceCalls: number;
  /** /api/deal/get_batch requests: how many reads reconciliation made. */
  dealReads: number;
  /** /api/deal/get_page requests: the pages look-ups read. */
  dealPageReads: number;
  /** Deal records answered by get_batch and get_page together: what the reads cost the server. */
  dealsServed: number;
  pings: number;
  /** Calls refused because their connection had not authenticated. */
  unauthenticated: number;
  /** The most requests ever being handled at once: 1 when the client serializes its calls. */
  maxInFlight: number;
};

type Connection = {
  authenticated: boolean;
  /** The sessions generation it signed in under: forgetSessions() starts a new one. */
  generation?: number;
  srvRand?: string;
  startedAt?: number;
  login?: string;
};

const AUTH_WINDOW_MS = 10_000;
const MAX_RECEIVED = 1_000;
const MIN_VERSION = 484;

/**
 * A protocol-level MT5 Web API server for tests: the real handshake, the session bound to the TCP
 * connection, MT5's reply shapes, an in-memory ledger and fault switches flipped at runtime.
 */
export class FakeMt5Server {
  readonly ledger: FakeLedger;
  readonly faults = new FaultSwitches();
  readonly counters: FakeCounters = {
    connections: 0,
    authStarts: 0,
    auths: 0,
    authFailures: 0,
    requests: 0,
    balanceCalls: 0,
    dealReads: 0,
    dealPageReads: 0,
    dealsServed: 0,
    pings: 0,
    unauthenticated: 0,
    maxInFlight: 0,
  };
  readonly managerLogin: number;
  private readonly managerPassword: string;
  private readonly now: () => number;
  private readonly connections = new WeakMap<Socket, Connection>();
  private readonly waiters: { path: string; resolve: (e: RequestEvent) => void }[] = [];
  private server: http.Server | undefined;
  private inFlight = 0;
  /** The first MAX_RECEIVED requests, as they arrived: what a test holds against the documentation. */
  readonly received: { path: string; query: Map<string, string>; bodyText: string }[] = [];
  private generation = 0;
  /** Calls held by the `late` fault, each to be applied (and answered, if anyone still listens) later. */
  private readonly lateCalls = new Set<{ timer: NodeJS.Timeout; land: () => void; search: string }>();

  constructor(private readonly options: FakeMt5Options = {}) {
    this.managerLogin = options.managerLogin ?? 1000;
    this.managerPassword = options.managerPassword ?? 'Manager1';
    const utc = options.now ?? (() => Math.floor(Date.now() / 1000));
    const offset = options.utcOffset ?? 0;
    this.now = () => utc() + offset;
    const groups = options.groups ?? ['demo\\forex', 'real\\standard', 'real\\pro'];
    this.ledger = new FakeLedger(groups, options.firstLogin ?? 954_400, this.now);
  }

  async start(): Promise<{ url: string }> {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void this.handle(req, res);
    const tls = this.options.tls;
    const server = tls
      ? https.createServer({ key: tls.key, cert: tls.cert }, handler)
      : http.createServer(handler);
    // The real server keeps an idle connection for 180 s; Node's default of 5 s would end sessions early.
    server.keepAliveTimeout = 180_000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}` };
  }

  /** The query of each call the `late` fault holds, still to land. */
  get heldLate(): Map<string, string>[] {
    return [...this.lateCalls].map((h) => parseQuery(h.search));
  }

  /** Applies every call the `late` fault still holds, now: the server caught up. */
  landLate(): number {
    const held = [...this.lateCalls];
    for (const h of held) {
      clearTimeout(h.timer);
      h.land();
    }
    return held.length;
  }

  async stop(): Promise<void> {
    for (const h of this.lateCalls) clearTimeout(h.timer);
    this.lateCalls.clear();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Forgets every session but keeps the connections open, as a restarted or overloaded trade server
   * does: every later call on them answers HTTP 403 until the client signs in again.
   */
  forgetSessions(): void {
    this.generation++;
  }

  /** Closes every client connection now, as the real server does to an idle or restarted session. */
  dropConnections(): void {
    this.server?.closeAllConnections();
  }

  /** Resolves when the next request to `path` has been dealt with (replied, dropped, held or lost). */
  nextRequest(path: string): Promise<RequestEvent> {
    return new Promise((resolve) => this.waiters.push({ path, resolve }));
  }

  private connection(socket: Socket): Connection {
    let conn = this.connections.get(socket);
    if (!conn) {
      conn = { authenticated: false };
      this.connections.set(socket, conn);
      this.counters.connections++;
    }
    return conn;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.inFlight++;
    this.counters.maxInFlight = Math.max(this.counters.maxInFlight, this.inFlight);
    res.once('close', () => this.inFlight--);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    const socket = req.socket;
    const conn = this.connection(socket);
    this.counters.requests++;
    if (this.received.length < MAX_RECEIVED)
      this.received.push({ path, query: parseQuery(url.search), bodyText });
    if (path === '/api/trade/balance') this.counters.balanceCalls++;
    if (path === '/api/deal/get_batch') this.counters.dealReads++;
    if (path === '/api/deal/get_page') this.counters.dealPageReads++;
    if (path === '/api/test/access') this.counters.pings++;

    await this.faults.stalled(path);
    const fault = this.faults.take(path);
    if (fault?.kind === 'late')
      return this.holdLate(path, url.search, bodyText, conn, res, fault.seconds ?? 0);
    if (fault?.kind === 'drop') return this.finish(path, 'dropped', () => socket.destroy());
    if (fault?.kind === 'timeout') return this.finish(path, 'held', () => undefined);
    if (fault?.kind === 'answer') {
      return this.finish(path, 'replied', () =>
        this.send(res, { status: fault.reply!.status, body: fault.reply!.body }),
      );
    }
    if (fault?.kind === 'refuse' || fault?.kind === 'frequent') {
      return this.finish(path, 'replied', () => this.send(res, refusal(fault)));
    }

    const reply = this.answer(path, url.search, bodyText, conn);
    if (fault?.kind === 'applyButRefuse')
      return this.finish(path, 'replied', () => this.send(res, refusal(fault)));
    if (fault?.kind === 'applyButLoseReply') return this.finish(path, 'lost', () => socket.destroy());
    this.finish(path, 'replied', () => this.send(res, reply));
  }

  private holdLate(
    path: string,
    search: string,
    bodyText: string,
    conn: Connection,
    res: http.ServerResponse,
    seconds: number,
  ): void {
    const admitted = conn.authenticated && conn.generation === this.generation;
    const held = {
      search,
      timer: setTimeout(() => held.land(), seconds * 1000),
      land: () => {
        this.lateCalls.delete(held);
        const reply = this.answer(path, search, bodyText, conn, admitted);
        if (!res.destroyed && !res.writableEnded) this.send(res, reply);
      },
    };
    held.timer.unref();
    this.lateCalls.add(held);
    this.finish(path, 'late', () => undefined);
  }

  /** `admitted`: the call was authenticated when it arrived (a late call lands whatever came after). */
  private answer(
    path: string,
    search: string,
    bodyText: string,
    conn: Connection,
    admitted = false,
  ): FakeReply {
    const params = parseQuery(search);
    if (path === '/api/auth/start') return this.authStart(params, conn);
    if (path === '/api/auth/answer') return this.authAnswer(params, conn);
    if ((!conn.authenticated || conn.generation !== this.generation) && !admitted) {
      // A call outside a valid session is answered HTTP 403, on a connection that stays open.
      this.counters.unauthenticated++;
      return { status: 403, body: {} };
    }
    if (path === '/api/quit') {
      conn.authenticated = false;
      return done();
    }
    let body: unknown;
    try {
      body = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      return failed(3, 'Invalid parameters');
    }
    const served = (n: number) => (this.counters.dealsServed += n);
    return route(path, { params, body, ledger: this.ledger, now: this.now, served });
  }

  private authStart(params: Map<string, string>, conn: Connection): FakeReply {
    this.counters.authStarts++;
    conn.authenticated = false;
    const agent = params.get('agent') ?? '';
    if (
      Number(params.get('version')) < MIN_VERSION ||
      !agent ||
      /\s/.test(agent) ||
      params.get('type') !== 'manager'
    ) {
      return failed(3, 'Invalid parameters');
    }
    conn.srvRand = randomHex16();
    conn.startedAt = Date.now();
    conn.login = params.get('login');
    return done({ version_access: String(MIN_VERSION), srv_rand: conn.srvRand });
  }

  private authAnswer(params: Map<string, string>, conn: Connection): FakeReply {
    const { srvRand, startedAt, login } = conn;
    conn.srvRand = undefined;
    const cliRand = params.get('cli_rand') ?? '';
    if (!srvRand || Date.now() - (startedAt ?? 0) > AUTH_WINDOW_MS || !/^[0-9a-f]{32}$/i.test(cliRand)) {
      this.counters.authFailures++;
      return failed(3, 'Invalid parameters');
    }
    const expected = handshakeAnswer(this.managerPassword, srvRand);
    if (login !== String(this.managerLogin) || params.get('srv_rand_answer')?.toLowerCase() !== expected) {
      this.counters.authFailures++;
      return failed(1001, 'Invalid account');
    }
    conn.authenticated = true;
    conn.generation = this.generation;
    this.counters.auths++;
    // An impostor does not know the password, so it cannot answer the client's challenge.
    const cliRandAnswer = this.faults.isImpostor
      ? randomHex16()
      : handshakeAnswer(this.managerPassword, cliRand);
    return done({
      version_access: String(MIN_VERSION),
      version_trade: '4150',
      cli_rand_answer: cliRandAnswer,
    });
  }

  private send(res: http.ServerResponse, reply: FakeReply): void {
    const text = JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  private finish(path: string, outcome: RequestOutcome, act: () => void): void {
    act();
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (w.path !== path) continue;
      this.waiters.splice(i, 1);
      w.resolve({ path, outcome });
    }
  }
}

function refusal(fault: Fault): FakeReply {
  if (fault.kind === 'frequent') return failed(12, 'Too frequent requests');
  if (fault.status) return { status: fault.status, body: { retcode: `${fault.retcode ?? 10} Refused` } };
  return failed(fault.retcode ?? 10, 'Refused');
}
