import { ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike, type FieldSpec } from './paged-query.ts';

/**
 * The client columns a request row carries (migrations 0014 and 0020, kept by triggers): `client_search`
 * is name, surname and email joined by U+001F; `client_name` and `client_email` are lower-cased sort keys.
 * Lists filter and sort by the client on their own table, with no sub-select of users per row.
 */
type ClientColumns = { clientSearch: AnyPgColumn; clientName: AnyPgColumn; clientEmail: AnyPgColumn };

const SEPARATOR = '\u001f';

/** Text in the client's name, surname or email (one trigram-indexed condition). */
export function clientSearchFilter(clientSearch: AnyPgColumn) {
  return (f: { filterVal: string | number }): SQL =>
    ilike(clientSearch, `%${escapeLike(String(f.filterVal))}%`);
}

/**
 * Text in the client's email only. The email is the last of the three fields, so a match preceded by two
 * separators lies inside it (no field holds U+001F); the same trigram index serves it.
 */
function clientEmailFilter(clientSearch: AnyPgColumn) {
  return (f: { filterVal: string | number }): SQL =>
    ilike(clientSearch, `%${SEPARATOR}%${SEPARATOR}%${escapeLike(String(f.filterVal))}%`);
}

/**
 * The list field "client" of a row that keeps only its client's search text: filtered by name, surname
 * or email, not sortable (the funding and trading-account lists).
 */
export function clientFilterField(userId: AnyPgColumn, clientSearch: AnyPgColumn): FieldSpec {
  return { column: userId, filter: clientSearchFilter(clientSearch), substring: true };
}

/** The list field "client" (full name): sorted by name, filtered by name, surname or email. */
export function clientNameField(t: ClientColumns): FieldSpec {
  return {
    column: t.clientName,
    sortable: true,
    filter: clientSearchFilter(t.clientSearch),
    substring: true,
  };
}

/** The list field "email" of the client: sorted and filtered by the email. */
export function clientEmailField(t: ClientColumns): FieldSpec {
  return {
    column: t.clientEmail,
    sortable: true,
    filter: clientEmailFilter(t.clientSearch),
    substring: true,
  };
}

/** A row without its client columns: they are the server's filter and sort keys, never on the wire. */
export function withoutClientColumns<T extends Partial<Record<keyof ClientColumns, unknown>>>(
  row: T,
): Omit<T, keyof ClientColumns> {
  const { clientSearch: _s, clientName: _n, clientEmail: _e, ...rest } = row;
  return rest;
}
