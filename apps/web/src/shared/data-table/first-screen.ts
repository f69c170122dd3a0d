import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * A new page draws the rows that fit on the screen in its first frame and the rest of the page right
 * after that frame (issue 19: a 100-row page painted within 100 ms of its data). Layout and paint grow
 * with the rows drawn, and on a 100-row page most rows are below the fold (docs/performance.md, Web).
 *
 * The rest of the page is in the document a frame later, before anyone could scroll to it: the keyboard,
 * a screen reader and the browser's find reach the whole page, as before. Those rows take the column
 * widths the first screen gave them (table-layout: fixed until the next page), so no column moves when
 * they appear; a longer text there ends in an ellipsis and shows whole on hover, like any cut cell. A
 * page on which a row has the keyboard's focus is drawn whole at once.
 *
 * A new page also starts at its first row: when the table's top is above the window (a flip from the
 * pager under a long page), the window scrolls back to it.
 */

/** Marks a table whose columns keep the widths of the first screen (data-table.module.css). */
export const FROZEN_ATTRIBUTE = 'data-frozen';
/** A compact row's height: before a row was measured, the guess that never leaves out a row on screen. */
const SHORTEST_ROW = 24;
/** Fewer rows than this past the first screen are drawn at once: splitting them would save nothing. */
const WORTH_SPLITTING = 10;

/** How many rows can show at once: the window's height in rows, and one cut at each edge. */
export function firstScreenRows(windowHeight: number, rowHeight: number): number {
  return Math.ceil(windowHeight / Math.max(rowHeight, 1)) + 1;
}

type Elements = {
  frame: RefObject<HTMLElement | null>;
  table: RefObject<HTMLTableElement | null>;
  body: RefObject<HTMLTableSectionElement | null>;
};

/**
 * How many of the page's rows to draw now: all of them, or the first screen's while a new page's first
 * frame is drawn (the rest a frame later). `generation` changes when the rows start showing another page
 * or view (row-slots.ts); `rows` is the page's row count (the first rows after none split too); `layout`
 * changes with the columns or the density (kept widths then no longer fit).
 */
export function useFirstScreenFirst(
  elements: Elements,
  generation: number,
  rows: number,
  layout: unknown,
): number {
  const page = `${generation}:${rows > 0}`;
  const rowHeight = useRef(SHORTEST_ROW);
  // The generation the window last started at: the first rows of a list never move the window (a
  // table lower on the screen loading later must not pull the staff member back up to it).
  const startedAt = useRef(generation);
  // The page drawn whole; the first one (before any data) needs no split.
  const [whole, setWhole] = useState(page);
  // Decided once per page: a later render of the same page (the dimming ending, a refresh) keeps it.
  const split = useRef<{ page: string; limit: number } | null>(null);
  if (page === whole) split.current = null;
  else if (split.current?.page !== page) {
    const first = firstScreenRows(window.innerHeight, rowHeight.current);
    // A focused row stays drawn: the keyboard's focus must not fall out of the page.
    const focused = elements.body.current?.contains(document.activeElement) ?? false;
    split.current = { page, limit: rows > first + WORTH_SPLITTING && !focused ? first : Infinity };
  }
  const limit = split.current?.limit ?? Infinity;

  useLayoutEffect(() => {
    const table = elements.table.current;
    if (table) unfreeze(table);
  }, [elements.table, layout]);

  // The frame's width changed (the window was resized): the kept widths give way to the page's own.
  useLayoutEffect(() => {
    const frame = elements.frame.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    let width = frame.getBoundingClientRect().width;
    const observer = new ResizeObserver(([entry]) => {
      const now = entry?.contentRect.width ?? width;
      if (Math.abs(now - width) < 1) return;
      width = now;
      if (elements.table.current) unfreeze(elements.table.current);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [elements.frame, elements.table]);

  // Once per page (not again when the rest is drawn: that would undo the kept widths).
  useLayoutEffect(() => {
    const table = elements.table.current;
    if (!table) return;
    unfreeze(table);
    if (startedAt.current !== generation) {
      startedAt.current = generation;
      startAtFirstRow(table);
    }
    if (split.current?.page !== page || !Number.isFinite(split.current.limit)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame is painted: a task queued from the frame's own callback runs after its paint.
    const frameRequest = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const height = elements.body.current?.rows[0]?.getBoundingClientRect().height;
        if (height) rowHeight.current = height;
        freeze(table);
        setWhole(page);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frameRequest);
      clearTimeout(timer);
    };
  }, [elements.table, elements.body, page, generation]);

  return limit;
}

/** Each column keeps its width: the header's cells as the first screen laid them out. */
function freeze(table: HTMLTableElement): void {
  // Not drawn (a tab that is not open): nothing to keep, and widths of 0 would hide every column.
  if (table.getBoundingClientRect().width === 0) return;
  const cols = table.querySelectorAll<HTMLTableColElement>(':scope > colgroup > col');
  const cells = table.tHead?.rows[0]?.cells;
  if (!cells || cells.length !== cols.length) return;
  const widths = Array.from(cells, (cell) => cell.getBoundingClientRect().width);
  cols.forEach((col, i) => (col.style.width = `${widths[i]}px`));
  table.setAttribute(FROZEN_ATTRIBUTE, '');
}

function unfreeze(table: HTMLTableElement): void {
  if (!table.hasAttribute(FROZEN_ATTRIBUTE)) return;
  table.removeAttribute(FROZEN_ATTRIBUTE);
  for (const col of table.querySelectorAll<HTMLTableColElement>(':scope > colgroup > col'))
    col.style.removeProperty('width');
}

/**
 * Scrolls the window back to the table's top when that is above it (under the console's header bar).
 * Not for a table in a dialog: the window behind it stays where it was.
 */
function startAtFirstRow(table: HTMLTableElement): void {
  if (table.closest('[role="dialog"]')) return;
  const header = document.querySelector('.mantine-AppShell-header');
  const edge = header ? header.getBoundingClientRect().bottom : 0;
  const top = table.getBoundingClientRect().top;
  if (top < edge) window.scrollBy(0, top - edge);
}
