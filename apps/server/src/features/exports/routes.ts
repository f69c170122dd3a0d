import { Readable } from 'node:stream';
import {
  EXPORT_AUDIT_ACTION,
  EXPORT_LINK_SECONDS,
  calls,
  exportListRequest,
  exportTokenSchema,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import { Forbidden, Invalid } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { audit } from '../../audit/audit.ts';
import { csvLine } from '../../lib/csv.ts';
import { cursorBatchesWith } from '../../lib/cursor-stream.ts';
import type { ExportRegistry, PlannedExport } from './registry.ts';

const DOWNLOAD = calls.exports.downloadExport.path;
/** The view travels in the link's query (a path segment is limited to 100 characters); it is signed. */
const signedPath = (token: string) => `${DOWNLOAD}/${token}`;

/**
 * CSV exports of the lists. POST checks the view like the list call (so a bad filter is a 400 now, not
 * a broken download), audits the export and answers a short-lived signed link; the link streams every
 * matching row through a database cursor, in the list's order.
 */
export function exportRoutes(
  app: App,
  deps: { db: Db; clock: Clock; links: LinkSigner; lists: ExportRegistry },
) {
  route(app, calls.exports.createExport, async (req) => {
    const staff = requireStaff(req.staff);
    const { list, params, request } = req.body;
    const planned = await planOf(deps.lists, list).plan(deps.db, params, request);
    const token = Buffer.from(JSON.stringify({ list, params, request })).toString('base64url');
    if (!exportTokenSchema.safeParse(token).success)
      throw new Invalid({ request: 'Too many filters to export.' });
    await audit(deps.db, deps.clock.now(), {
      actorId: staff.userId,
      action: EXPORT_AUDIT_ACTION,
      entity: 'export',
      entityId: null,
      after: {
        list,
        params,
        sortField: request.sortField,
        sortOrder: request.sortOrder,
        filters: request.filters,
      },
      ip: req.ip,
    });
    const filename = `${planned.name}-${new Date(deps.clock.now() * 1000).toISOString().slice(0, 10)}.csv`;
    const signed = new URL(
      deps.links.sign(signedPath(token), EXPORT_LINK_SECONDS, staff.sessionId),
      'http://x',
    );
    return { url: `${DOWNLOAD}?t=${token}&${signed.searchParams.toString()}`, filename };
  });

  // Opened by the browser as a plain download (no bearer header): the signed link is the permission.
  route(app, calls.exports.downloadExport, async (req, reply) => {
    if (!(await deps.links.open(signedPath(req.query.t), req.query)))
      throw new Forbidden('This link has expired.');
    const parsed = exportListRequest.safeParse(
      JSON.parse(Buffer.from(req.query.t, 'base64url').toString('utf8')),
    );
    if (!parsed.success) throw new Invalid({ token: 'Malformed export link.' });
    const { list, params, request } = parsed.data;
    const planned = await planOf(deps.lists, list).plan(deps.db, params, request);
    const filename = `${planned.name}-${new Date(deps.clock.now() * 1000).toISOString().slice(0, 10)}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csvText(deps.db, planned)));
  });
}

/** The list an export names; a name no list has is refused like any bad field. */
function planOf(lists: ExportRegistry, list: string) {
  const def = Object.hasOwn(lists, list) ? lists[list] : undefined;
  if (!def) throw new Invalid({ list: 'No such list.' });
  return def;
}

async function* csvText(db: Db, planned: PlannedExport): AsyncGenerator<string> {
  yield csvLine(planned.columns.map((c) => c.header));
  const lookup = planned.lookup ?? (async () => undefined);
  for await (const batch of cursorBatchesWith(db, planned.table, planned.query, lookup)) {
    let chunk = '';
    for (const row of batch.rows) chunk += csvLine(planned.columns.map((c) => c.value(row, batch.lookup)));
    yield chunk;
  }
}
