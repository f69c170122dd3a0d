import type { QueryKey } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

/**
 * True when a query fetches data already on screen (its poll, a window refocus, an invalidation).
 * Such calls go out with X-Background: 1 so they never keep an idle session alive
 * (docs/product.md [security.sessions]), while the first load of a page, which the staff member asked for,
 * counts as activity.
 */
export function isRefetch({ client, queryKey }: { client: QueryClient; queryKey: QueryKey }): boolean {
  return client.getQueryData(queryKey) !== undefined;
}

/**
 * The cache options of an answer carrying signed links, which expire within minutes: never served from
 * the cache, and fetched again in the background every `refetchInterval` while the screen stays open.
 */
export function signedLinkOptions(refetchInterval: number) {
  return { staleTime: 0, gcTime: 0, refetchInterval } as const;
}
