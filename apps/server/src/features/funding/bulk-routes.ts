import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deposits, transfers, withdrawals } from '../../db/schema.ts';
import { bulkRoute } from '../../http/bulk.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import type { DepositsService } from './deposits.ts';
import type { TransfersService } from './transfers.ts';
import type { WithdrawalsService } from './withdrawals.ts';

/** The statuses the list tabs with bulk actions show (pending, incomplete): the decidable ones. */
const OPEN = {
  deposit: ['pending', 'incomplete'],
  withdrawal: ['pending', 'incomplete'],
  transfer: ['pending'],
};

/**
 * A bulk row must still be what the list showed: open. The update call alone also accepts the repairs
 * of a failed request (reject after a refused credit), which only its update modal offers.
 */
function assertOpen(what: keyof typeof OPEN, row: { status: string } | undefined) {
  if (!row) throw new NotFound(`No such ${what}.`);
  if (!OPEN[what].includes(row.status)) throw new Conflict(`This ${what} is already ${row.status}.`);
}

/**
 * Bulk Approve / Reject on the deposit, withdrawal and transfer lists (issue 20). Approve is the
 * list's Approve button (approve and process, four-eyes included); Reject is the update modal set to
 * Reject with the one reason as the comment.
 */
export function fundingBulkRoutes(
  app: App,
  deps: { db: Db; deposits: DepositsService; withdrawals: WithdrawalsService; transfers: TransfersService },
): void {
  const { db } = deps;
  const depositOf = async (id: string) => {
    const [row] = await db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, id));
    assertOpen('deposit', row);
  };
  bulkRoute(app, 'deposit', {
    approve: async (id, staff) => {
      await depositOf(id);
      return deps.deposits.process(id, staff);
    },
    reject: async (id, staff, reason) => {
      await depositOf(id);
      return deps.deposits.update(
        { _id: id, status: 'rejected', comment: reason, modifyDealAmount: false },
        staff,
      );
    },
  });

  const withdrawalOf = async (id: string) => {
    const [row] = await db
      .select({ status: withdrawals.status, dontEmailUser: withdrawals.dontEmailUser })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    assertOpen('withdrawal', row);
    return row!;
  };
  bulkRoute(app, 'withdrawal', {
    // The card-provider variant differs only in refusing other withdrawals: one call serves both.
    approve: async (id, staff) => {
      await withdrawalOf(id);
      return deps.withdrawals.process(id, staff);
    },
    reject: async (id, staff, reason) => {
      const row = await withdrawalOf(id);
      return deps.withdrawals.update(
        {
          _id: id,
          status: 'rejected',
          comment: reason,
          dontEmailUser: row.dontEmailUser,
          modifyDealAmount: false,
        },
        staff,
      );
    },
  });

  const transferOf = async (id: string) => {
    const [row] = await db.select({ status: transfers.status }).from(transfers).where(eq(transfers.id, id));
    assertOpen('transfer', row);
  };
  bulkRoute(app, 'transfer', {
    approve: async (id, staff) => {
      await transferOf(id);
      return deps.transfers.process(id, staff);
    },
    reject: async (id, staff, reason) => {
      await transferOf(id);
      return deps.transfers.update({ _id: id, status: 'rejected', comment: reason }, staff);
    },
  });
}
