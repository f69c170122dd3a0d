/**
 * Query keys, one factory per entity (STYLE.md): all > lists > list(params) and all > details > detail(id),
 * so a mutation can invalidate an entity's lists and its detail with one prefix each, and a detail is
 * never cached under another entity's key.
 */
export function entityKeys<const E extends string>(entity: E) {
  const all = [entity] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: unknown) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}

/** Session and system calls that are not lists of an entity. */
export const systemKeys = {
  all: ['system'] as const,
  me: () => [...systemKeys.all, 'me'] as const,
  counters: () => [...systemKeys.all, 'counters'] as const,
  newDeposits: () => [...systemKeys.all, 'new-deposits'] as const,
  platformStatus: () => [...systemKeys.all, 'platform-status'] as const,
  serverInfo: () => [...systemKeys.all, 'server-info'] as const,
  devOutbox: () => [...systemKeys.all, 'dev-outbox'] as const,
};
