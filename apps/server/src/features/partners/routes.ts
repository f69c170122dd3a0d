import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import type { Clock } from '../../lib/clock.ts';

/** IB requests and IB codes (SPEC 2.12, 2.13, 7.3). */
export function partnersRoutes(_app: App, _deps: { db: Db; clock: Clock; publicUrl: string }): void {}
