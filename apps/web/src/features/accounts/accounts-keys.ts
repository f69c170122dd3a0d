import { entityKeys } from '../../shared/query-keys.ts';

/** Paged account lists (live, demo, wallet) share one entity, so an edit refreshes all of them. */
export const tradingAccountKeys = entityKeys('trading-accounts');
/** A client's accounts on the profile card: detail(userId). */
export const clientAccountKeys = entityKeys('client-trading-accounts');
/** The staff id -> name map. */
export const adminKeys = entityKeys('admins');
