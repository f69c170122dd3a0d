import { skipToken, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useModalParam } from './use-modal-param.ts';

/** Record ids on the wire (contract idSchema). */
const RECORD_ID = /^[0-9a-f]{24}$/;
const isRecordId = (id: string) => RECORD_ID.test(id);

/** How a row a link names is loaded when the screen's rows do not hold it. */
export type LinkedRowFetch<E, R> = {
  queryKey: (id: string) => QueryKey;
  queryFn: (id: string, signal: AbortSignal) => Promise<R>;
  /** The entry in the reply, or undefined when its row is not one this screen opens. */
  toEntry: (reply: R, id: string) => E | undefined;
};

export type LinkedRowOptions<E, R> = {
  /** The id an entry stands for (what goes into `?open=`); a stable function (module level). */
  idOf: (entry: E) => string;
  /** The entry for an id from the rows the screen has loaded, or undefined when they do not hold it. */
  fromLoaded: (id: string) => E | undefined;
  /** Whether the screen's rows have loaded: with no `fetch`, an id they lack is then unknown. */
  loaded: boolean;
  /** Loads a row the screen's rows lack (another page, filtered out); omit where the rows are the whole list. */
  fetch?: LinkedRowFetch<E, R>;
  /** Which ids can name a row at all (a record id by default); any other drops the param at once. */
  wellFormed?: (id: string) => boolean;
};

/**
 * The entry (a row, and whatever else its modal needs) whose detail or update modal is open, with its id
 * in the URL's `open` param (use-modal-param.ts), so a link opens it and Back closes it. The id is
 * looked up in the loaded rows, else fetched by id; an id that names nothing drops the param. The entry
 * is copied when it opens: a refresh that drops the row from the list (decided, deleted) must not pull
 * the modal away while it is still open.
 */
export function useLinkedRow<E, R = unknown>(options: LinkedRowOptions<E, R>) {
  const { idOf, fromLoaded, loaded, fetch, wellFormed = isRecordId } = options;
  const modal = useModalParam();
  const id = modal.id;
  const [opened, setOpened] = useState<E | null>(null);
  const [shownId, setShownId] = useState(id);
  // The param went away (closed, or Back): forget the copy, so opening the row again shows it afresh.
  if (shownId !== id) {
    setShownId(id);
    if (!id && opened) setOpened(null);
  }

  const kept = opened !== null && idOf(opened) === id ? opened : null;
  const valid = !!id && wellFormed(id);
  const looking = valid && kept === null;
  const onPage = looking && id ? fromLoaded(id) : undefined;
  const fetching = looking && onPage === undefined && !!fetch;
  const fetched = useQuery({
    // A key of its own, and only while it looks: an idle observer (skipToken) sharing the modal's own
    // query key would hand that query its skipToken, so the modal's next refetch fails.
    queryKey: fetching && fetch && id ? ['linked-row', ...fetch.queryKey(id)] : ['linked-row', 'idle'],
    queryFn: fetching && fetch && id ? (ctx) => fetch.queryFn(id, ctx.signal) : skipToken,
    retry: false,
  });
  const fromFetch =
    fetching && fetch && id && fetched.data !== undefined ? fetch.toEntry(fetched.data, id) : undefined;
  const candidate = onPage ?? fromFetch;
  const found = candidate !== undefined && idOf(candidate) === id ? candidate : undefined;
  if (found !== undefined) setOpened(found);

  // A link to a row that is not there (or not one this screen opens): drop the param.
  const missing =
    !!id &&
    kept === null &&
    found === undefined &&
    (!valid || (fetch ? fetched.isError || fetched.data !== undefined : loaded));
  const { open: openParam, close } = modal;
  useEffect(() => {
    if (missing) close();
  }, [missing, close]);

  const open = useCallback(
    (entry: E) => {
      setOpened(entry);
      openParam(idOf(entry));
    },
    [idOf, openParam],
  );
  // `close` is stable, so a modal's timers and effects keyed on it are not restarted by a re-render.
  return { id, entry: kept ?? found ?? null, open, close };
}
