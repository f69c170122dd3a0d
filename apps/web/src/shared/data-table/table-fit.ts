import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { noneToSpare } from './table-settings/settings-logic.ts';
import type { TableFit } from './table-settings/use-table-settings.ts';
import type { DataTableColumn } from './types.ts';

/** What the table drew: the hidden ids, and whether the staff member chose them (nothing is fitted then). */
export type FitState = { hidden: readonly string[]; chosen: boolean };

/**
 * Fits a list's default columns to the table's width, in two parts. useTableWidth measures the width
 * (and follows the window) and keeps count of the spare columns the table had to leave out beyond the
 * guess; the columns' guessed widths decide what a narrow table leaves out (settings-logic.ts).
 * useFitCheck, once rows are drawn, checks that the table really fits, leaving out one more spare column
 * at a time until nothing scrolls sideways (nothing then sits under the sticky row actions). A table
 * that fits is not checked again until its width or columns change, so a page flip never takes a column
 * away.
 */
export function useTableWidth<T>(
  frame: RefObject<HTMLElement | null>,
  columns: readonly DataTableColumn<T>[],
  hasRows: boolean,
) {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.clientWidth) || undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);

  const key = `${width}|${columns.map((column) => column.id).join(',')}|${hasRows}`;
  const [more, setMore] = useState({ key, count: 0 });
  const count = more.key === key ? more.count : 0;
  const fit: TableFit = useMemo(() => ({ width, more: count }), [width, count]);
  const oneMore = useCallback(() => setMore({ key, count: count + 1 }), [key, count]);
  return { fit, key, oneMore };
}

/**
 * Called after the table's other layout work (first-screen.ts lets go of kept column widths first), so
 * it measures the columns as they are now drawn.
 */
export function useFitCheck<T>(
  table: RefObject<HTMLTableElement | null>,
  columns: readonly DataTableColumn<T>[],
  state: FitState,
  fit: { fit: TableFit; key: string; oneMore: () => void },
  hasRows: boolean,
) {
  const settled = useRef<string | null>(null);
  const { key, oneMore } = fit;
  const { width } = fit.fit;
  useLayoutEffect(() => {
    if (state.chosen || !hasRows || !width || settled.current === key) return;
    const element = table.current;
    const box = element?.parentElement;
    if (!element || !box) return;
    const overflows = element.scrollWidth > box.clientWidth + 1;
    if (overflows && !noneToSpare(columns, state.hidden)) oneMore();
    else settled.current = key;
  });
}
