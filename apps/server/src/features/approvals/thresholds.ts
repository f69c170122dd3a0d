import { and, asc, eq } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES, type SetThresholdRequest, type Threshold } from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { approvalThresholds } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import type { StaffContext } from '../../auth/sessions.ts';

/** The four-eyes thresholds: anyone on staff reads them, a SYSOP sets them (the route says so). */
export class ThresholdsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  list(db: DbOrTx = this.db): Promise<Threshold[]> {
    return db
      .select()
      .from(approvalThresholds)
      .orderBy(asc(approvalThresholds.requestType), asc(approvalThresholds.currency))
      .then((rows) => rows.map((r) => r as Threshold));
  }

  async set(input: SetThresholdRequest, staff: StaffContext) {
    const now = this.clock.now();
    const key = and(
      eq(approvalThresholds.requestType, input.requestType),
      eq(approvalThresholds.currency, input.currency),
    );
    const thresholds = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(approvalThresholds).where(key).for('update');
      let after: typeof before;
      if (input.amount === null) {
        await tx.delete(approvalThresholds).where(key);
      } else {
        const values = { amount: input.amount, updatedBy: staff.userId, updatedAt: now };
        [after] = await tx
          .insert(approvalThresholds)
          .values({ requestType: input.requestType, currency: input.currency, ...values })
          .onConflictDoUpdate({
            target: [approvalThresholds.requestType, approvalThresholds.currency],
            set: values,
          })
          .returning();
      }
      const list = await this.list(tx);
      await audit(tx, now, {
        actorId: staff.userId,
        action: input.amount === null ? 'approval-threshold.removed' : 'approval-threshold.set',
        entity: 'approval_threshold',
        entityId: `${input.requestType}:${input.currency}`,
        before: before ?? null,
        after: after ?? null,
      });
      return list;
    });
    return {
      success: true,
      message:
        input.amount === null ? FOUR_EYES_MESSAGES.thresholdRemoved : FOUR_EYES_MESSAGES.thresholdSaved,
      thresholds,
    };
  }
}
