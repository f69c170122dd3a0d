import { eq, or, sql, type SQL } from 'drizzle-orm';
import { withdrawals } from '../../db/schema.ts';

/**
 * A card-provider withdrawal carries two statuses, one per processing party (docs/product.md [entities]):
 * - providerStatus, the provider's order: CREATED, PROCESSED, CANCELLED or DECLINED (integrations/payments);
 * - providerPayoutStatus, the broker's side of the payout, below.
 */
export const PROVIDER_PROCESSED = 'PROCESSED';

export const PAYOUT = {
  /** No decision yet, or approved and waiting for the platform debit before the provider pays. */
  waiting: 'WAITING',
  /** Approved ahead of the provider: debited and paid out as soon as the provider has processed it. */
  approvedAhead: 'APPROVED',
  /** The platform was debited and the provider told to pay the client. */
  paid: 'PAID',
  /** The platform refused the debit: nothing is paid (the Error tab). */
  failed: 'FAILED',
} as const;

/**
 * docs/product.md [states]: pending withdrawals that use the card-style provider stay out of the pending list
 * (and its counter) until the provider has processed them.
 */
export const visibleToStaff: SQL = or(
  eq(withdrawals.providerHandled, false),
  eq(withdrawals.providerStatus, PROVIDER_PROCESSED),
)!;

export const visibleToStaffSql = sql`(not provider_handled or provider_status = ${PROVIDER_PROCESSED})`;
