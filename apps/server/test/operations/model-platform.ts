import {
  type TradeHistory,
  NOT_SENT_DEADLINE,
  PlatformError,
  type Deal,
  type PlatformAccount,
  type SendOptions,
  type TradingPlatform,
} from '../../src/integrations/platform/types.ts';

/**
 * What the platform does with the next balance call:
 *   apply   applies it and answers
 *   lose    applies it, the answer is lost (unknown outcome)
 *   late    the request is on its way: it lands (or not) later, the caller hears "unknown" now
 *   refuse  a transient refusal, nothing applied
 *   hold    the call waits in the client's queue until released (or its process is killed)
 */
export type CallMode = 'apply' | 'lose' | 'late' | 'refuse' | 'hold';

type InFlight = { login: number; amount: number; comment: string; sentAt: number };
type Held = InFlight & { deadline?: number; answer: (deal: string | Error) => void; dead: boolean };

/**
 * A trading platform as a model, for the interleaving property test: balance deals by comment, calls
 * that land after their caller stopped waiting, and calls held in a queue past their lease. Time is
 * the test's clock; a request in flight lands within `maxProcessing` seconds of being sent, or never.
 */
export class ModelPlatform implements TradingPlatform {
  readonly name = 'MT5';
  readonly deals = new Map<string, number>();
  readonly inFlight: InFlight[] = [];
  readonly held: Held[] = [];
  private modes: CallMode[] = [];
  private heldSignal: (() => void) | undefined;
  private nextDeal = 1;

  constructor(
    private readonly now: () => number,
    readonly maxProcessing: number,
  ) {}

  /** The modes of the next balance calls; once used up, calls apply. */
  script(modes: CallMode[]): void {
    this.modes = [...modes];
  }

  /** Resolves when a call is held: the worker making it will not finish by itself. */
  whenHeld(): Promise<void> {
    return new Promise((r) => (this.heldSignal = r));
  }

  dealsFor(comment: string): number {
    return this.deals.get(comment) ?? 0;
  }

  /** A request in flight lands now. */
  land(i: number): void {
    const [f] = this.inFlight.splice(i, 1);
    if (f) this.apply(f.comment);
  }

  /** A request in flight is lost for good. */
  drop(i: number): void {
    this.inFlight.splice(i, 1);
  }

  /** A held call leaves the queue: dropped if its deadline passed, else sent and applied. */
  release(i: number): void {
    const [h] = this.held.splice(i, 1);
    if (!h) return;
    if (h.deadline !== undefined && this.now() >= h.deadline) {
      h.answer(new PlatformError('transient', 'not sent: deadline passed', NOT_SENT_DEADLINE));
      return;
    }
    h.answer(this.apply(h.comment));
  }

  /** The process holding the call dies: the call never leaves its queue. */
  kill(i: number): void {
    const [h] = this.held.splice(i, 1);
    if (h) h.dead = true;
  }

  /** Before time passes: every request in flight past the longest processing time has landed or not. */
  expire(landIt: (i: number) => boolean, until: number): void {
    for (let i = this.inFlight.length - 1; i >= 0; i--) {
      if (this.inFlight[i]!.sentAt + this.maxProcessing > until) continue;
      if (landIt(i)) this.land(i);
      else this.drop(i);
    }
  }

  async balance(login: number, amount: number, comment: string, options?: SendOptions): Promise<string> {
    if (options?.deadline !== undefined && this.now() >= options.deadline) {
      throw new PlatformError('transient', 'not sent: deadline passed', NOT_SENT_DEADLINE);
    }
    const mode = this.modes.shift() ?? 'apply';
    const request = { login, amount, comment, sentAt: this.now() };
    switch (mode) {
      case 'apply':
        return this.apply(comment);
      case 'lose':
        this.apply(comment);
        throw new PlatformError('unknown', 'reply lost');
      case 'late':
        this.inFlight.push(request);
        throw new PlatformError('unknown', 'timed out');
      case 'refuse':
        throw new PlatformError('transient', 'busy', 12);
      case 'hold':
        return new Promise<string>((resolve, reject) => {
          this.held.push({
            ...request,
            deadline: options?.deadline,
            dead: false,
            answer: (r) => (r instanceof Error ? reject(r) : resolve(r)),
          });
          this.heldSignal?.();
        });
    }
  }

  async findDeal(login: number, comments: string | readonly string[]): Promise<Deal | null> {
    const comment = (typeof comments === 'string' ? [comments] : comments).find((c) => this.deals.has(c));
    return comment ? { deal: comment, login, amount: 0, comment, time: this.now() } : null;
  }

  private apply(comment: string): string {
    this.deals.set(comment, this.dealsFor(comment) + 1);
    return String(this.nextDeal++);
  }

  // Not used by balance operations.
  async status() {
    return { ok: true as const };
  }
  async createAccount(): Promise<{ login: number }> {
    throw new Error('not modelled');
  }
  async getAccount(): Promise<PlatformAccount> {
    throw new Error('not modelled');
  }
  async setLeverage(): Promise<void> {}
  async setGroup(): Promise<void> {}
  async setName(): Promise<void> {}
  async changePassword(): Promise<void> {}
  async checkPassword(): Promise<boolean> {
    return false;
  }
  async balanceDeals(): Promise<Deal[]> {
    return [];
  }
  async groupBalanceDeals(): Promise<Deal[]> {
    return [];
  }
  /** The model keeps balance deals only: no trades, and the read is known. */
  async trades(): Promise<TradeHistory> {
    return { known: true, trades: [], complete: true };
  }
  async close(): Promise<void> {}
}
