import { eq, or, sql, type SQL } from 'drizzle-orm';
import { withdrawals } from '../../db/schema.ts';

/** The card-style provider's order status once it has processed a withdrawal. */
export const PROVIDER_PROCESSED = 'PROCESSED';

/**
 * SPEC 4: pending withdrawals that use the card-style provider stay out of the pending list (and its
 * counter) until the provider has processed them.
 */
export const visibleToStaff: SQL = or(
  eq(withdrawals.providerHandled, false),
  eq(withdrawals.providerStatus, PROVIDER_PROCESSED),
)!;

export const visibleToStaffSql = sql`(not provider_handled or provider_status = ${PROVIDER_PROCESSED})`;
