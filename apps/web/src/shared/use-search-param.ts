import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One value of the URL's query string that a screen keeps (a tab, `?tab=demo`): its value or null, and a
 * setter that leaves every other param as it is, drops the param for null (the default needs none),
 * and does not scroll the page.
 */
export function useSearchParam(key: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { preventScrollReset: true },
      ),
    [key, setParams],
  );
  return [params.get(key), set];
}
