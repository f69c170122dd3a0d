import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import {
  DEPOSIT_METHOD_LABELS,
  DEPOSIT_METHODS,
  REFUNDABLE_SAVED,
  type RefundableMethod,
  type SetRefundableMethodRequest,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deposits, refundableMethods, withdrawals } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { approvedLines } from './reads.ts';
import type { SourceIn } from './return-to-source.ts';

/**
 * Which deposit methods take refunds (docs/product.md [evidence.refundable]), kept in the database and
 * set by a SYSOP. A method with no row, or one the payment side adds later, is not refundable: money is
 * never sent back by a route nobody chose.
 */
export class RefundableMethods {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(db: DbOrTx = this.db): Promise<RefundableMethod[]> {
    const rows = await db.select().from(refundableMethods);
    return DEPOSIT_METHODS.flatMap((method) => {
      const r = rows.find((x) => x.method === method);
      return r
        ? [
            {
              method,
              label: DEPOSIT_METHOD_LABELS[method],
              refundable: r.refundable,
              updatedBy: r.updatedBy,
              updatedAt: r.updatedAt,
            },
          ]
        : [];
    });
  }

  /** The methods that take refunds now. */
  async refundable(db: DbOrTx = this.db): Promise<ReadonlySet<string>> {
    const rows = await db
      .select({ method: refundableMethods.method })
      .from(refundableMethods)
      .where(eq(refundableMethods.refundable, true));
    return new Set(rows.map((r) => r.method));
  }

  /** A SYSOP's change, audited with the setting before. */
  async set(input: SetRefundableMethodRequest, staff: StaffContext) {
    const now = this.clock.now();
    const methods = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(refundableMethods)
        .where(eq(refundableMethods.method, input.method))
        .for('update');
      const values = { refundable: input.refundable, updatedBy: staff.userId, updatedAt: now };
      const [after] = await tx
        .insert(refundableMethods)
        .values({ method: input.method, ...values })
        .onConflictDoUpdate({ target: refundableMethods.method, set: values })
        .returning();
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'refundable-method.set',
        entity: 'refundable_method',
        entityId: input.method,
        before: before ?? null,
        after,
      });
      return this.list(tx);
    });
    return { success: true, message: REFUNDABLE_SAVED, methods };
  }
}

/**
 * The refundable sources of a client's money in one currency (docs/product.md
 * [evidence.return-to-source]): what came in from each identifier by a refundable method, less what
 * approved withdrawals other than `withdrawalId` already sent back to it; and the refundable money that
 * came in with no identifier, which cannot be sent back.
 */
export async function refundableSources(
  db: DbOrTx,
  q: { userId: string; currency: string; withdrawalId: string; refundable: ReadonlySet<string> },
): Promise<{ sources: SourceIn[]; unknownRefundableCents: number }> {
  const [known, returned, unknown] = await Promise.all([
    approvedLines(
      db,
      'deposit',
      q.userId,
      and(eq(deposits.depositCurrency, q.currency), isNotNull(deposits.sourceIdentifier)),
    ),
    approvedLines(
      db,
      'withdrawal',
      q.userId,
      and(
        eq(withdrawals.withdrawalCurrency, q.currency),
        isNotNull(withdrawals.destinationIdentifier),
        ne(withdrawals.id, q.withdrawalId),
      ),
    ),
    approvedLines(
      db,
      'deposit',
      q.userId,
      and(eq(deposits.depositCurrency, q.currency), isNull(deposits.sourceIdentifier)),
    ),
  ]);
  const returnedTo = (identifier: string) =>
    returned.filter((r) => r.identifier === identifier).reduce((s, r) => s + r.cents, 0);
  const isRefundable = (method: string) => q.refundable.has(method);
  return {
    sources: known
      .filter((r) => isRefundable(r.method))
      .map((r) => ({
        method: r.method,
        label: r.label,
        identifier: r.identifier!,
        depositedCents: r.cents,
        returnedCents: returnedTo(r.identifier!),
        firstAt: r.firstMovedAt,
      })),
    unknownRefundableCents: unknown.filter((r) => isRefundable(r.method)).reduce((s, r) => s + r.cents, 0),
  };
}
