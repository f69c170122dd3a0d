import { ibCodes, ibRequests } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { listExport, type ExportableListDef } from '../exports/registry.ts';
import { isoTime } from '../exports/columns.ts';
import { clientsWithAgentCodes, planIbRequests, type ClientWithAgentCode } from './ib-requests.ts';
import { planIntroducers } from './ib-codes.ts';

type IbRequest = typeof ibRequests.$inferSelect;
type IbCode = typeof ibCodes.$inferSelect;

/** IB Requests (docs/product.md [screen.ib-requests]), open ones first unless sorted, as the list. */
export const ibRequestsExport: ExportableListDef = {
  plan(db, _params, req) {
    const plan = planIbRequests(req);
    return listExport(db, ibRequests, plan, {
      lookup: (db: DbOrTx, rows: IbRequest[]) =>
        clientsWithAgentCodes(
          db,
          rows.map((r) => r.userId),
        ),
      name: 'ib-requests',
      columns: [
        { header: 'Id', value: (r: IbRequest) => r.id },
        { header: 'Requested (UTC)', value: (r) => isoTime(r.timestamp) },
        { header: 'Client id', value: (r) => r.userId },
        {
          header: 'Client',
          value: (r, p: Record<string, ClientWithAgentCode>) =>
            p[r.userId] ? `${p[r.userId]!.name} ${p[r.userId]!.surname}`.trim() : '',
        },
        { header: 'Email', value: (r, p) => p[r.userId]?.email },
        { header: 'Agent code', value: (r, p) => p[r.userId]?.agentCode },
        { header: 'Status', value: (r) => r.status },
        { header: 'Comment', value: (r) => r.comment },
        { header: 'Error', value: (r) => r.errorMessage },
      ],
    });
  },
};

/** IB Codes (docs/product.md [screen.ib-codes]): name, agent code, account status code, link, added. */
export const ibCodesExport: ExportableListDef = {
  plan(db, _params, req) {
    const plan = planIntroducers(req);
    return listExport(db, ibCodes, plan, {
      name: 'ib-codes',
      columns: [
        { header: 'Id', value: (c: IbCode) => c.id },
        { header: 'Name', value: (c) => c.name },
        { header: 'Agent code', value: (c) => c.agentCode },
        { header: 'Account status code', value: (c) => c.statusCode },
        { header: 'Link', value: (c) => c.link },
        { header: 'Added (UTC)', value: (c) => isoTime(c.timeCreated) },
      ],
    });
  },
};
