import { isTransfer, mtStatusesOf, type FundingRow } from './funding-rows.ts';

/**
 * After 'Approve & process' (or completing/reversing a transfer) the platform works in the background
 * (docs/product.md [money.outbox]: an outbox and a worker). Lists showing such a request poll quietly until
 * its MTStatus fills in, so the staff member sees SUCCESS or the platform's error without reloading.
 * Only requests acted on from this browser are watched, and only for a minute: a request merely
 * 'Set as approved' keeps an empty MTStatus for good and must not poll forever.
 */
export const WATCH_MS = 60_000;
export const SETTLE_POLL_MS = 2_000;

type Watch = { until: number; signature: string };
const watched = new Map<string, Watch>();

/** What changes when the platform answers: the status and every platform leg. */
export function rowSignature(row: FundingRow): string {
  return [row.status, ...mtStatusesOf(row)].join('|');
}

/** A transfer's legs not all answered: the credit goes out only after the debit succeeded. */
export function legsPending(t: { sourceMTStatus: string; destinationMTStatus: string }): boolean {
  return t.sourceMTStatus === '' || (t.sourceMTStatus === 'SUCCESS' && t.destinationMTStatus === '');
}

/** An approved request whose platform operation has not answered yet. */
export function platformPending(row: FundingRow): boolean {
  if (row.status !== 'approved') return false;
  return isTransfer(row) ? legsPending(row) : row.MTStatus === '';
}

/** Start watching a request as the server returned it after the action. */
export function watchPlatform(row: FundingRow, now = Date.now()): void {
  watched.set(row._id, { until: now + WATCH_MS, signature: rowSignature(row) });
}

/**
 * Still waiting for this row: watched, within the minute, and either unchanged since the action
 * (a reversal keeps its failed leg until the refund lands) or still without a platform answer.
 */
export function awaitingPlatform(
  row: FundingRow,
  now = Date.now(),
  watches: ReadonlyMap<string, Watch> = watched,
): boolean {
  const watch = watches.get(row._id);
  if (!watch || now > watch.until) return false;
  return rowSignature(row) === watch.signature || platformPending(row);
}

/** refetchInterval of a request list: poll while any row on it awaits the platform. */
export function settlingInterval(rows: readonly FundingRow[] | undefined, now = Date.now()): number | false {
  return rows?.some((row) => awaitingPlatform(row, now)) ? SETTLE_POLL_MS : false;
}
