import { calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import { search } from './service.ts';

/**
 * POST /api/admin/search { q }: the global search (Ctrl+K) of every staff member (ADMIN and above, as
 * every list it points into). A POST like the lists, so the typed text stays out of access logs.
 */
export function searchRoutes(app: App, deps: { db: Db }): void {
  route(app, calls.search.searchRecords, async (req) => search(deps.db, req.body.q));
}
