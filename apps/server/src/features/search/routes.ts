import { SEARCH_PATH, searchRequest, searchResponse } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { search } from './service.ts';

/**
 * POST /api/admin/search { q }: the global search (Ctrl+K) of every staff member (ADMIN and above, as
 * every list it points into). A POST like the lists, so the typed text stays out of access logs.
 */
export function searchRoutes(app: App, deps: { db: Db }): void {
  app.post(SEARCH_PATH, { schema: { body: searchRequest, response: { 200: searchResponse } } }, async (req) =>
    search(deps.db, req.body.q),
  );
}
