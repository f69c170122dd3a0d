import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
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
 * at a time until nothing scrolls sideways (nothing then sits under the sticky row actions) and no cell
 * is squeezed below its text (a table short of room narrows cut-off cells before it scrolls). A table
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
  const { key, oneMore } = fit;
  const ready = !state.chosen && hasRows && fit.fit.width !== undefined;
  // Checked again after each column more is left out; once it fits, not before the width or columns change.
  const mark = `${key}#${fit.fit.more}`;
  const settled = useRef<string | null>(null);
  const latest = useRef({ columns, hidden: state.hidden });
  latest.current = { columns, hidden: state.hidden };
  const tooWide = useCallback(() => {
    const element = table.current;
    const box = element?.parentElement;
    if (!element || !box || noneToSpare(latest.current.columns, latest.current.hidden)) return false;
    return element.scrollWidth > box.clientWidth + 1 || squeezed(element);
  }, [table]);
  useLayoutEffect(() => {
    if (!ready || settled.current === mark) return;
    if (tooWide()) oneMore();
    else settled.current = mark;
  });
  // Cells may still change once drawn (a time zone or a lookup arriving): looked at twice more.
  useEffect(() => {
    if (!ready) return;
    const timers = LATER_CHECKS_MS.map((ms) => setTimeout(() => tooWide() && oneMore(), ms));
    return () => timers.forEach(clearTimeout);
  }, [ready, mark, tooWide, oneMore]);
}

const LATER_CHECKS_MS = [400, 1500];

/** The rows looked at for squeezed cells: the first screen's, enough to see each column's usual text. */
const ROWS_CHECKED = 20;

/**
 * Whether a cell of the first rows is cut short of its cap (data-table.module.css: 12rem, 16rem for
 * long text, none for text read whole): the table had too little room, not the text too much.
 */
function squeezed(table: HTMLTableElement): boolean {
  const rows = table.tBodies[0]?.rows ?? [];
  for (let r = 0; r < Math.min(rows.length, ROWS_CHECKED); r++) {
    for (const cell of rows[r]!.cells) {
      if (cell.scrollWidth <= cell.clientWidth + 1) continue;
      const cap = parseFloat(getComputedStyle(cell).maxWidth);
      if (!Number.isFinite(cap) || cell.getBoundingClientRect().width < cap - 1) return true;
    }
  }
  return false;
}
