/**
 * Faults a test turns on at runtime. Each applies to the next `times` matching calls (default 1); a
 * fault without `path` matches any call but the handshake, which a test targets by naming its path.
 *   refuse             reply an error retcode (default 10) or, with `status`, that HTTP status
 *   timeout            hold the call unanswered (and unapplied) until the client gives up
 *   drop               destroy the connection without replying or applying
 *   applyButLoseReply  apply the call, then destroy the connection instead of replying
 *   applyButRefuse     apply the call, then answer as `refuse` does (a busy retcode or a proxy's 503
 *                      for a request the trade server carried out all the same)
 *   frequent           reply 12 FREQUENT without applying
 *   answer             reply exactly `reply` (status and body) without applying: a documented example
 *   late               apply the call `seconds` after it arrived and reply then, whether or not the client
 *                      still waits (it has usually given up: a request that lands after the caller left)
 * `stall(seconds)` holds every call (the handshake included) that long before looking at it, as a server
 * under load does, until cleared; the call is applied then, whether or not the client still waits. With
 * `path`, only calls to that path are held; with `sleep` (a test clock's), the hold runs on that clock,
 * so the test decides when it ends.
 * `impostor` makes the handshake answer a wrong cli_rand_answer, as a server without the password would.
 */

export type FaultKind =
  'refuse' | 'timeout' | 'drop' | 'applyButLoseReply' | 'applyButRefuse' | 'frequent' | 'answer' | 'late';
export type FaultTarget = { times?: number; path?: string };
export type StallOptions = { path?: string; sleep?: (seconds: number) => Promise<void> };
export type Fault = {
  kind: FaultKind;
  remaining: number;
  path?: string;
  retcode?: number;
  status?: number;
  seconds?: number;
  reply?: { status: number; body: Record<string, unknown> };
};

export class FaultSwitches {
  private readonly queue: Fault[] = [];
  private impostorOn = false;
  private stallMs = 0;
  private stallOptions: StallOptions = {};

  refuse(target: FaultTarget & { retcode?: number; status?: number } = {}): this {
    return this.add('refuse', target, { retcode: target.retcode, status: target.status });
  }

  timeout(target: FaultTarget = {}): this {
    return this.add('timeout', target);
  }

  drop(target: FaultTarget = {}): this {
    return this.add('drop', target);
  }

  applyButLoseReply(target: FaultTarget = {}): this {
    return this.add('applyButLoseReply', target);
  }

  applyButRefuse(target: FaultTarget & { retcode?: number; status?: number } = {}): this {
    return this.add('applyButRefuse', target, { retcode: target.retcode, status: target.status });
  }

  answer(target: FaultTarget & { reply: { status: number; body: Record<string, unknown> } }): this {
    return this.add('answer', target, { reply: target.reply });
  }

  frequent(target: FaultTarget = {}): this {
    return this.add('frequent', target);
  }

  late(target: FaultTarget & { seconds: number }): this {
    return this.add('late', target, { seconds: target.seconds });
  }

  stall(seconds: number, options: StallOptions = {}): this {
    this.stallMs = seconds * 1000;
    this.stallOptions = options;
    return this;
  }

  /** Holds a call to `path` as the armed stall says (at once when none is armed for it). */
  async stalled(path: string): Promise<void> {
    const ms = this.stallMs;
    const { sleep, path: only } = this.stallOptions;
    if (ms <= 0 || (only !== undefined && only !== path)) return;
    if (sleep) return sleep(ms / 1000);
    await new Promise((r) => setTimeout(r, ms));
  }

  impostor(on = true): this {
    this.impostorOn = on;
    return this;
  }

  get isImpostor(): boolean {
    return this.impostorOn;
  }

  clear(): void {
    this.queue.length = 0;
    this.impostorOn = false;
    this.stallMs = 0;
    this.stallOptions = {};
  }

  /** The first armed fault matching this call, used up by one. */
  take(path: string): Fault | undefined {
    const fault = this.queue.find((f) =>
      f.path === undefined ? !path.startsWith('/api/auth/') : f.path === path,
    );
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.queue.splice(this.queue.indexOf(fault), 1);
    return fault;
  }

  private add(kind: FaultKind, target: FaultTarget, extra: Partial<Fault> = {}): this {
    this.queue.push({ kind, remaining: target.times ?? 1, path: target.path, ...extra });
    return this;
  }
}
