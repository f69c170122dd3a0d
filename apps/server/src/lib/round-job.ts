/**
 * A background job run in rounds: one now and one every interval, never two at once in a process
 * (a round still under way is shared by the next caller), stopped cleanly (the round in hand ends
 * first). The rounds' work keeps its own claims in the database, so several servers can run one each.
 * Tests call runDue() after moving their clock instead of waiting for the timer.
 */
export class RoundJob<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;
  private stopped = false;

  constructor(
    private readonly round: () => Promise<T>,
    /** What a round answers when it fails (after `onError`) or the job has stopped. */
    private readonly none: T,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  runDue(): Promise<T> {
    if (this.stopped) return Promise.resolve(this.none);
    this.running ??= this.round()
      .catch((err: unknown) => {
        this.onError(err);
        return this.none;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
