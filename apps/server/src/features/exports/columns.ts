import type { LookupClient } from '@brokerdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { Invalid } from '../../http/errors.ts';
import { lookupClients } from '../funding/list.ts';
import type { ExportColumn } from './registry.ts';

/** Epoch seconds as an ISO time (UTC), empty when unset. */
export const isoTime = (t: number | null | undefined) =>
  t === null || t === undefined ? '' : new Date(t * 1000).toISOString();

/** Amounts with the two decimals the screens show. */
export const amount = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2));

export type Clients = Record<string, LookupClient>;

/** The clients a batch of rows names, in one query (as the screens look them up per page). */
export const clientsOf = (db: DbOrTx, rows: { userId: string }[]): Promise<Clients> =>
  lookupClients(
    db,
    rows.map((r) => r.userId),
  );

/** Client id, name, surname and email columns, resolved from the batch's lookup. */
export function clientColumns<R extends { userId: string }>(): ExportColumn<R, Clients>[] {
  return [
    { header: 'Client id', value: (r) => r.userId },
    { header: 'Name', value: (r, c) => c[r.userId]?.name },
    { header: 'Surname', value: (r, c) => c[r.userId]?.surname },
    { header: 'Email', value: (r, c) => c[r.userId]?.email },
  ];
}

/** A route parameter that must be one of `allowed` (a 400 naming it otherwise). */
export function oneOf<T extends string>(
  params: Record<string, string>,
  name: string,
  allowed: readonly T[],
): T {
  const v = params[name];
  if (v === undefined || !(allowed as readonly string[]).includes(v))
    throw new Invalid({ [`params.${name}`]: `Expected one of ${allowed.join(', ')}.` });
  return v as T;
}
