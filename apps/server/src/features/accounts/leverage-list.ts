import { eq } from 'drizzle-orm';
import type { PagedRequest } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { leverageChanges } from '../../db/schema.ts';
import { NotFound } from '../../http/errors.ts';
import { planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { readPage } from '../../lib/read-page.ts';
import { lookupClients } from '../funding/list.ts';
import { clientNameField } from '../../lib/client-columns.ts';
import { toWireLeverage } from './rows.ts';

/**
 * The columns of docs/product.md [screen.leverage-requests] the list sorts and filters by (old and new
 * leverage are shown only).
 */
const LEVERAGE_LIST: ListSpec = {
  tieBreaker: leverageChanges.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    ...sortableColumns(leverageChanges, {
      timestamp: 'number',
      accountNumber: 'number',
      accountType: 'select',
    }),
    client: clientNameField(leverageChanges),
  },
};

/** The where and order of a leverage-change view (also what its CSV export runs). */
export function planLeverageChanges(status: string, req: PagedRequest) {
  return planList(LEVERAGE_LIST, req, [eq(leverageChanges.status, status)]);
}

/**
 * Change-leverage requests (docs/product.md [screen.leverage-requests]): approving one sets the leverage on
 * the platform, exactly once.
 */
export class LeverageService {
  constructor(private readonly db: Db) {}

  /**
   * One server page of the changes of a status (docs/product.md [screen.leverage-requests]), newest first
   * unless sorted.
   */
  async list(status: string, req: PagedRequest) {
    const plan = planLeverageChanges(status, req);
    const { rows, total } = await readPage(this.db, leverageChanges, plan);
    const leverages = rows.map(toWireLeverage);
    return {
      leverages,
      users: await lookupClients(
        this.db,
        leverages.map((l) => l.userId),
      ),
      ...total,
    };
  }

  /** One change by id with its client, as the list shows it (a deep link to a row off the page). */
  async one(id: string) {
    const [row] = await this.db.select().from(leverageChanges).where(eq(leverageChanges.id, id)).limit(1);
    if (!row) throw new NotFound('No such leverage change.');
    return { leverage: toWireLeverage(row), users: await lookupClients(this.db, [row.userId]) };
  }
}
