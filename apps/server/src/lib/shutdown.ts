/** docs/product.md [prod.shutdown]: a stopping server is gone within this long, whatever still runs. */
export const SHUTDOWN_LIMIT_MS = 10_000;

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** One part of the server to stop; stages run one after another, the steps of a stage together. */
export type ShutdownStep = { name: string; stop: () => Promise<unknown> | unknown };

/**
 * On SIGTERM or SIGINT, stops the server in stages and exits 0; exits 1 if that took longer than
 * `limitMs` (a hard timer, so a part that hangs cannot keep the process alive) or on a second signal
 * (an operator pressing Ctrl+C again). A step that fails is logged and the rest still run.
 */
export function stopOnSignals(opts: {
  log: Log;
  stages: ShutdownStep[][];
  limitMs?: number;
  exit?: (code: number) => void;
}): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const limitMs = opts.limitMs ?? SHUTDOWN_LIMIT_MS;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        opts.log.error({ signal }, 'second stop signal: exiting now');
        exit(1);
        return;
      }
      stopping = true;
      opts.log.info({ signal }, 'shutting down');
      const pending = new Set<string>();
      const hard = setTimeout(() => {
        opts.log.error({ limitMs, waitingFor: [...pending] }, 'shutdown took too long: exiting anyway');
        exit(1);
      }, limitMs);
      void runStages(opts.stages, pending, opts.log).then(() => {
        clearTimeout(hard);
        opts.log.info({}, 'stopped');
        exit(0);
      });
    });
  }
}

/** Runs the stages in order; `pending` names the steps not finished yet (for the timeout's log line). */
async function runStages(stages: ShutdownStep[][], pending: Set<string>, log: Log): Promise<void> {
  for (const stage of stages) {
    await Promise.all(
      stage.map(async (step) => {
        pending.add(step.name);
        try {
          await step.stop();
        } catch (err) {
          log.error({ err, step: step.name }, 'a part of the server did not stop cleanly');
        } finally {
          pending.delete(step.name);
        }
      }),
    );
  }
}
