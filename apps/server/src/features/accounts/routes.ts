import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import type { Clock } from '../../lib/clock.ts';

/** Trading accounts, leverage, sub-accounts and passwords (SPEC 2.10, 2.11, 2.18, 2.19, 7.4). */
export function accountsRoutes(_app: App, _deps: { db: Db; clock: Clock; wakeWorker: () => void }): void {}
