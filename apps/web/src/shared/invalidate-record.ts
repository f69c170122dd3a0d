import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The part of an entity's key factory (query-keys.ts) that a change of one record touches. */
export type RecordKeys = {
  lists: () => QueryKey;
  details: () => QueryKey;
  detail: (id: string) => QueryKey;
};

/**
 * Where use-linked-row.ts keeps a row it loaded for a link (`?open=<id>`) that the page did not hold.
 * It is copied from there when the modal opens, so a stale copy would open the record as it was.
 */
const linkedCopy = (key: QueryKey): QueryKey => ['linked-row', ...key];

/**
 * The keys to load again after records of an entity changed: every list of it (a changed row may move
 * between them) and the detail of the record, or of every record when `id` is left out (bulk changes),
 * with the copies links loaded of it.
 */
export function recordKeys(keys: RecordKeys, id?: string): QueryKey[] {
  const detail = id === undefined ? keys.details() : keys.detail(id);
  return [keys.lists(), detail, linkedCopy(detail)];
}

/**
 * The one rule for a mutation's cache: the entity's lists and the detail of the record changed load
 * again, and a copy a link loaded of it is dropped, so the next link to it shows it as it is now.
 * `also` names other queries the change touches (the menu counters, a client's log).
 */
export async function invalidateRecord(
  queryClient: QueryClient,
  keys: RecordKeys,
  id?: string,
  also: readonly QueryKey[] = [],
): Promise<void> {
  queryClient.removeQueries({ queryKey: linkedCopy(id === undefined ? keys.details() : keys.detail(id)) });
  await Promise.all(
    [...recordKeys(keys, id), ...also].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
