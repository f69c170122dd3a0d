import type { Socket } from 'node:net';
import { NOT_SENT_DEADLINE, PlatformError } from '../types.ts';
import { isGenuineAnswer, isHandshakeRandom, newCliRand, randAnswer } from './hash.ts';
import { isSessionLost, readReply, type Mt5Reply } from './reply.ts';
import { RET } from './retcodes.ts';
import { TransportError, type Mt5Transport, type WireRequest } from './transport.ts';

/**
 * A call as the session runs it. `safe` calls (reads, pings) may be sent again after a lost reply.
 * `deadline` (epoch seconds by the session's `now`): a call that has not been sent by then is dropped.
 */
export type Mt5Call = WireRequest & { what: string; safe: boolean; deadline?: number };

/** The subset of a pino logger the client uses; never given a password. */
export type Mt5Log = {
  debug?: (obj: object, msg: string) => void;
  warn?: (obj: object, msg: string) => void;
};

export type SessionOptions = {
  login: number;
  pwHash: Buffer;
  pingIntervalMs: number;
  attempts: number;
  backoffMs: number;
  authHoldOffMs: number;
  log: Mt5Log;
  /** Epoch seconds, the clock call deadlines are stated in. */
  now: () => number;
};

const API_VERSION = 484;
const AGENT = 'brokerdesk';
const MAX_BACKOFF_MS = 5_000;
const PING: Mt5Call = { method: 'GET', path: '/api/test/access', what: 'ping', safe: true };
const QUIT: WireRequest = { method: 'GET', path: '/api/quit' };

/**
 * The manager session: the handshake, the one connection it is bound to, a queue that runs calls one
 * at a time on it, the retry policy and the idle ping. A call whose connection was lost re-authenticates
 * and runs again only when that cannot apply anything twice.
 */
export class Mt5Session {
  private socket: Socket | undefined;
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private pingTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private refusal: { error: PlatformError; until: number } | undefined;

  constructor(
    private readonly transport: Mt5Transport,
    private readonly options: SessionOptions,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  call(call: Mt5Call): Promise<Mt5Reply> {
    if (this.closed) return Promise.reject(new PlatformError('permanent', 'The MT5 client is closed'));
    return this.enqueue(() => this.execute(call));
  }

  ping(): Promise<Mt5Reply> {
    return this.call(PING);
  }

  /** Ends the session politely (/api/quit) after the calls already queued, then drops the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.pingTimer);
    await this.enqueue(async () => {
      if (!this.alive) return;
      await this.transport.send(QUIT, { bindTo: this.socket }).catch(() => undefined);
    });
    this.socket = undefined;
    this.transport.destroy();
  }

  private get alive(): boolean {
    return this.socket !== undefined && !this.socket.destroyed;
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    this.pending++;
    clearTimeout(this.pingTimer);
    const run = this.tail.then(job);
    this.tail = run.then(
      () => this.settled(),
      () => this.settled(),
    );
    return run;
  }

  private settled(): void {
    this.pending--;
    this.armPing();
  }

  /** The server drops a connection idle for 180 s; a ping every ~20 s of idleness keeps the session. */
  private armPing(): void {
    clearTimeout(this.pingTimer);
    if (this.closed || this.pending > 0 || !this.alive) return;
    this.pingTimer = setTimeout(() => {
      if (this.closed || this.pending > 0 || !this.alive) return;
      this.ping().catch((err: unknown) =>
        this.options.log.warn?.({ err: (err as Error).message }, 'MT5 keep-alive ping failed'),
      );
    }, this.options.pingIntervalMs);
    this.pingTimer.unref();
  }

  private async execute(call: Mt5Call): Promise<Mt5Reply> {
    let signedInAgain = false;
    for (let attempt = 1; ; attempt++) {
      let phase: Mt5Call | 'auth' = 'auth';
      try {
        const socket = this.alive && this.socket ? this.socket : await this.authenticate();
        this.assertBeforeDeadline(call);
        phase = call;
        // Bound to the session's socket: if it closed meanwhile, the call is refused unsent and retried.
        const wire = await this.transport.send(call, { bindTo: socket });
        if (isSessionLost(wire)) throw this.forgetSession(socket, call, wire.status, signedInAgain);
        return readReply(wire, call.what, !call.safe);
      } catch (err) {
        if (err instanceof SessionLost && err.retry) signedInAgain = true;
        const { error, retryAfterMs } = this.judge(err, phase, attempt);
        // An uncertain change is what operators must hear about: the caller now has to reconcile it.
        if (error instanceof PlatformError && error.kind === 'unknown') {
          this.options.log.warn?.({ call: call.path, reason: error.message }, 'MT5 call outcome unknown');
        }
        if (retryAfterMs === undefined) throw error;
        this.options.log.debug?.(
          { call: call.path, attempt, reason: error.message },
          'MT5 call will be retried',
        );
        if (retryAfterMs > 0) await new Promise((r) => setTimeout(r, retryAfterMs));
      }
    }
  }

  /**
   * The server no longer knows the session although the connection is open: drop the connection so
   * that the next call signs in on a new one. A read is repeated once on the new session; a write is
   * not, since a lost session does not prove the write was not carried out: its caller looks it up.
   */
  private forgetSession(socket: Socket, call: Mt5Call, status: number, signedInAgain: boolean): SessionLost {
    if (this.socket === socket) this.socket = undefined;
    socket.destroy();
    const why = status === 200 ? 'an authentication retcode' : `HTTP ${status}`;
    this.options.log.warn?.({ call: call.path, status }, 'MT5 forgot the session; signing in again');
    if (call.safe && !signedInAgain) return new SessionLost(`MT5 ${call.what}: session lost (${why})`, true);
    const message = call.safe
      ? `MT5 ${call.what} failed: the session was refused again after signing in (${why})`
      : `MT5 ${call.what}: outcome unknown, the session was lost (${why})`;
    return new SessionLost(message, false, call.safe ? 'transient' : 'unknown');
  }

  /**
   * A change may wait here behind slow calls (the status checker's, reconciliation's, other changes')
   * past the lease its caller holds; once its deadline passed another worker may own the operation, so
   * it is dropped unsent instead. Thrown outside judge(): nothing was sent, and nothing is retried.
   */
  private assertBeforeDeadline(call: Mt5Call): void {
    if (call.deadline === undefined || this.options.now() < call.deadline) return;
    this.options.log.warn?.({ call: call.path }, 'MT5 call dropped unsent: its deadline passed in the queue');
    throw new DeadlinePassed(call.what);
  }

  /**
   * Turns a failure into a PlatformError and decides whether to try again. A request that never left
   * (no connection, or the session connection vanished first) is retried for any call; a lost reply,
   * a busy answer or a lost session only for safe calls, since a trade or balance may already be applied.
   */
  private judge(err: unknown, phase: Mt5Call | 'auth', attempt: number) {
    const safe = phase === 'auth' || phase.safe;
    const what = phase === 'auth' ? 'authentication' : phase.what;
    const canRetry = attempt < this.options.attempts;
    const backoff = Math.min(this.options.backoffMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
    if (err instanceof TransportError) {
      if (err.failure === 'tls') return { error: new PlatformError('permanent', err.message) };
      if (!err.sent) {
        const error = new PlatformError('transient', err.message);
        // A vanished session connection needs only a new handshake, not a pause.
        return { error, retryAfterMs: canRetry ? (err.failure === 'session' ? 0 : backoff) : undefined };
      }
      if (!safe) {
        return { error: new PlatformError('unknown', `MT5 ${what}: outcome unknown, ${err.message}`) };
      }
      return { error: new PlatformError('transient', err.message), retryAfterMs: canRetry ? 0 : undefined };
    }
    if (err instanceof DeadlinePassed) return { error: err };
    if (err instanceof SessionLost) {
      return { error: new PlatformError(err.kind, err.message), retryAfterMs: err.retry ? 0 : undefined };
    }
    if (err instanceof PlatformError) {
      // Only a read is tried again here: for a write, a busy answer does not prove it was not applied.
      const again = safe && (err.code === RET.FREQUENT || err.kind === 'transient');
      return { error: err, retryAfterMs: again && canRetry ? backoff : undefined };
    }
    return { error: err instanceof Error ? err : new Error(String(err)) };
  }

  /**
   * A refused handshake (wrong password, impostor) is not tried again for `authHoldOffMs`: status
   * checks every few seconds would otherwise hammer the server, which blocks the IP (1012).
   */
  private async authenticate(): Promise<Socket> {
    if (this.refusal && Date.now() < this.refusal.until) throw this.refusal.error;
    try {
      const socket = await this.handshake();
      this.refusal = undefined;
      return socket;
    } catch (err) {
      if (err instanceof PlatformError && err.kind === 'permanent') {
        this.refusal = { error: err, until: Date.now() + this.options.authHoldOffMs };
        this.options.log.warn?.({ reason: err.message }, 'MT5 refused the manager session');
      }
      throw err;
    }
  }

  /** auth/start then auth/answer on one connection; the server must prove it knows the password too. */
  private async handshake(): Promise<Socket> {
    this.socket = undefined;
    this.transport.clearCookies();
    const { login, pwHash, log } = this.options;
    let bound: Socket | undefined;
    const startQuery = { version: API_VERSION, agent: AGENT, login, type: 'manager' };
    const start = readReply(
      await this.transport.send(
        { method: 'GET', path: '/api/auth/start', query: startQuery },
        { onSocket: (s) => (bound = s) },
      ),
      'authentication',
      false,
    );
    const srvRand = start.body.srv_rand;
    if (!isHandshakeRandom(srvRand) || !bound) {
      throw new PlatformError('permanent', 'MT5 authentication failed: the server sent no valid srv_rand');
    }
    const cliRand = newCliRand();
    const answerQuery = { srv_rand_answer: randAnswer(pwHash, srvRand), cli_rand: cliRand };
    const answer = readReply(
      await this.transport.send(
        { method: 'GET', path: '/api/auth/answer', query: answerQuery },
        { bindTo: bound },
      ),
      'authentication',
      false,
    );
    if (!isGenuineAnswer(pwHash, cliRand, answer.body.cli_rand_answer)) {
      bound.destroy();
      throw new PlatformError(
        'permanent',
        'MT5 server is not genuine: its cli_rand_answer does not prove it knows the manager password',
      );
    }
    const socket = bound;
    this.socket = socket;
    socket.once('close', () => {
      if (this.socket === socket) this.socket = undefined;
    });
    log.debug?.({ versionTrade: answer.body.version_trade }, 'MT5 session authenticated');
    return socket;
  }
}

/** The server forgot the session (see forgetSession); `retry`: a read signs in again and repeats once. */
class SessionLost extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly kind: 'transient' | 'unknown' = 'transient',
  ) {
    super(message);
  }
}

class DeadlinePassed extends PlatformError {
  constructor(what: string) {
    super('transient', `MT5 ${what}: not sent, its deadline passed while it waited`, NOT_SENT_DEADLINE);
  }
}
