import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** The rows on screen: which ids, for which view (page, sort, filters), and since when. */
export type ShownRows = {
  view: string;
  ids: ReadonlySet<string>;
  /** Rows taken while the previous page stood in for the next one (keepPreviousData). */
  placeholder: boolean;
  /** The newest mutation of this tab when the rows were taken (its submittedAt), 0 for none. */
  lastMutation: number;
};

export type Refresh = {
  view: string;
  /** The view changed and the old page still stands in while the new one loads. */
  refreshing: boolean;
  /** A change this staff member made (a mutation) since the rows were taken: its result shows at once. */
  ownChange: boolean;
};

/**
 * A list refreshed in the background (a live update, a poll) keeps the rows it shows: rows that were
 * there are updated or dropped, and rows that are new wait behind "N new rows" instead of pushing the
 * page around under the mouse. Anything the staff member did (another page, sort or filter; an action
 * of theirs) shows everything at once. `hold` is false when every row can be shown.
 */
export function splitNewRows<T>(
  rows: readonly T[],
  key: (row: T) => string,
  shown: ShownRows | null,
  refresh: Refresh,
): { visible: readonly T[]; waiting: number; hold: boolean } {
  const takeAll =
    shown === null ||
    shown.placeholder ||
    refresh.refreshing ||
    refresh.ownChange ||
    shown.view !== refresh.view;
  if (takeAll) return { visible: rows, waiting: 0, hold: false };
  const visible = rows.filter((row) => shown.ids.has(key(row)));
  const waiting = rows.length - visible.length;
  return waiting === 0 ? { visible: rows, waiting: 0, hold: false } : { visible, waiting, hold: true };
}

/**
 * The rows a DataTable shows, and the "N new rows" it offers (see splitNewRows). `show()` takes in the
 * waiting rows.
 */
export function useNewRows<T>(
  rows: readonly T[] | undefined,
  key: (row: T) => string,
  view: string,
  refreshing: boolean,
): { rows: readonly T[] | undefined; waiting: number; show: () => void } {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<ShownRows | null>(null);
  if (rows === undefined) return { rows, waiting: 0, show: () => undefined };

  const lastMutation = Math.max(
    0,
    ...queryClient
      .getMutationCache()
      .getAll()
      .map((m) => m.state.submittedAt),
  );
  const ownChange = shown !== null && lastMutation > shown.lastMutation;
  const split = splitNewRows(rows, key, shown, { view, refreshing, ownChange });
  const take = () => setShown({ view, ids: new Set(rows.map(key)), placeholder: refreshing, lastMutation });
  // Rows not held back become the rows on screen (adjusting state while rendering, as React allows).
  // Compared by ids, not by array: screens may build a new array of the same rows on every render.
  // (An action of theirs counts until its result arrives: the rows are taken again only when they change.)
  const changed =
    shown === null ||
    shown.view !== view ||
    shown.placeholder !== refreshing ||
    !sameIds(shown.ids, rows, key);
  if (!split.hold && changed) take();
  return { rows: split.visible, waiting: split.waiting, show: take };
}

function sameIds<T>(ids: ReadonlySet<string>, rows: readonly T[], key: (row: T) => string): boolean {
  const incoming = new Set(rows.map(key));
  return ids.size === incoming.size && [...incoming].every((id) => ids.has(id));
}
