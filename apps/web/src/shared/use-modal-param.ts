import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The search param that names the open modal's row (docs/decisions.md). */
export const OPEN_PARAM = 'open';

/** History state of an entry this hook pushed, so closing can step back over it. */
const PUSHED = 'modalParamPushed';

function pushedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[PUSHED] === true;
}

/**
 * The open modal's id in the URL (`?open=<id>`), so a link opens the same modal and Back closes it.
 * Opening pushes a history entry (switching from one open id to another replaces it); closing steps
 * back when this hook pushed the entry, else removes the param in place. Every other search param (a
 * list's page, sort and filters) is kept.
 */
export function useModalParam() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = useMemo(() => new URLSearchParams(location.search).get(OPEN_PARAM), [location.search]);
  // The latest location, read by open and close so they stay stable: a modal's timers and effects
  // keyed on its onClose are not restarted by a navigation.
  const latest = useRef(location);
  useLayoutEffect(() => {
    latest.current = location;
  }, [location]);
  // The entry already left: a second close (a modal's timer after a click on Cancel) must not step back twice.
  const leftKey = useRef<string | null>(null);

  const open = useCallback(
    (next: string) => {
      const at = latest.current;
      const params = new URLSearchParams(at.search);
      if (params.get(OPEN_PARAM) === next) return;
      const already = params.has(OPEN_PARAM);
      params.set(OPEN_PARAM, next);
      void navigate(
        { pathname: at.pathname, search: `?${params}`, hash: at.hash },
        {
          // Switching rows replaces the entry and keeps whether the first opening was pushed.
          replace: already,
          state: already ? at.state : { ...asObject(at.state), [PUSHED]: true },
          preventScrollReset: true,
        },
      );
    },
    [navigate],
  );

  const close = useCallback(() => {
    const at = latest.current;
    const params = new URLSearchParams(at.search);
    if (!params.has(OPEN_PARAM) || leftKey.current === at.key) return;
    leftKey.current = at.key;
    if (pushedHere(at.state)) {
      void navigate(-1);
      return;
    }
    params.delete(OPEN_PARAM);
    const search = params.size > 0 ? `?${params}` : '';
    void navigate(
      { pathname: at.pathname, search, hash: at.hash },
      { replace: true, state: at.state, preventScrollReset: true },
    );
  }, [navigate]);

  return { id, open, close };
}

function asObject(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}
