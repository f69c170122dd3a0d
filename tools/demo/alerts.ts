import { inArray } from 'drizzle-orm';
import type { Db } from '@brokerdesk/server/db/client';
import { deposits } from '@brokerdesk/server/db/schema';
import { AlertsService } from '@brokerdesk/server/features/alerts/service';
import { SHARED_PAYING_ACCOUNTS } from './identifiers.ts';

/**
 * Runs the alert rules (docs/product.md [alerts.rules]) on the demo deposits paid from the shared bank
 * accounts, as a decision on them would have, so the Alerts screen opens with something to resolve.
 * No platform: the rules that need trading stay silent, as when the platform cannot be read.
 */
export async function raiseDemoAlerts(db: Db, now: number): Promise<number> {
  const alerts = new AlertsService(db, { now: () => now }, undefined);
  const rows = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(inArray(deposits.sourceIdentifier, [...SHARED_PAYING_ACCOUNTS]));
  let raised = 0;
  for (const r of rows) raised += (await alerts.evaluateRequest('deposit', r.id, null)).raised.length;
  return raised;
}
