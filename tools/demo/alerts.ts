import { and, inArray, like, not } from 'drizzle-orm';
import type { Db } from '@brokerdesk/server/db/client';
import { alertQueue, deposits } from '@brokerdesk/server/db/schema';
import { AlertsService } from '@brokerdesk/server/features/alerts/service';
import { SHARED_PAYING_ACCOUNTS } from './identifiers.ts';
import { addAlertCases, CASE_WITHDRAWAL_PREFIX } from './alert-cases.ts';

/**
 * Runs the alert rules (docs/product.md [alerts.rules]) on the demo deposits paid from the shared bank
 * accounts and on the case clients that trip each rule (alert-cases.ts), as the server would have, so
 * the Alerts screen opens with something to resolve. No platform here: the low-trading rule stays
 * silent, so the case withdrawals are left queued for the server, which reads its platform
 * (docs/product.md [alerts.when]); the rest of the demo's history counts as looked at already.
 */
export async function raiseDemoAlerts(db: Db, now: number, opts: { cases: boolean }): Promise<number> {
  const alerts = new AlertsService({ db, clock: { now: () => now }, platform: undefined });
  const cases = opts.cases ? await addAlertCases(db, now) : [];
  await db
    .delete(alertQueue)
    .where(
      not(
        and(
          inArray(alertQueue.kind, ['withdrawal']),
          like(alertQueue.subjectId, `${CASE_WITHDRAWAL_PREFIX}%`),
        )!,
      ),
    );
  const shared = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(inArray(deposits.sourceIdentifier, [...SHARED_PAYING_ACCOUNTS]));
  let raised = 0;
  for (const r of [...shared.map((d) => ({ type: 'deposit' as const, id: d.id })), ...cases])
    raised += (await alerts.evaluateRequest(r.type, r.id, null)).raised.length;
  return raised;
}
