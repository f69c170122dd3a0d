import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';

/** Bank verification and bank-statement documents (SPEC 2.17, 7.4). */
export function banksRoutes(_app: App, _deps: { db: Db; clock: Clock; dataDir: string; links: LinkSigner }): void {}
