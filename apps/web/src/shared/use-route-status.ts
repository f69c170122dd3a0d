import { useParams } from 'react-router';

/**
 * The :status of a list route when it is one the screen knows, else null (the caller shows Not found).
 * A typo in a shared link must not turn into a call the server rejects.
 */
export function useRouteStatus<const S extends string>(allowed: readonly S[]): S | null {
  const { status } = useParams();
  return allowed.find((value) => value === status) ?? null;
}
