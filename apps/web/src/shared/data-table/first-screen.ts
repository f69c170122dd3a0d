import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * A new page draws the rows that fit on the screen in its first frame and the rest of the page right
 * after that frame (a 100-row page painted within 100 ms of its data). Layout and paint grow
 * with the rows drawn, and on a 100-row page most rows are below the fold (docs/performance.md, Web).
 *
 * The rest of the page is in the document a frame later, before anyone could scroll to it: the keyboard,
 * a screen reader and the browser's find reach the whole page, as before. Those rows take the column
 * widths the first screen gave them (table-layout: fixed until the next page), so no column moves when
 * they appear; a longer text there ends in an ellipsis and shows whole on hover, like any cut cell. A
 * page on which a row has the keyboard's focus is drawn whole at once.
 *
 * A page turned with the table's own pager starts at its first row: when the table is above the window
 * (the pager is under a long page), the window scrolls back to it. Any other new page (a sort, a filter,
 * the browser's back, a colleague's decision emptying the last page) leaves the window where it is, and
 * splits only when the window shows the table's first rows: otherwise the page would be shorter for a
 * frame and the window would lose its place.
 */

/** Marks a table whose columns keep the widths of the first screen (data-table.module.css). */
const FROZEN_ATTRIBUTE = 'data-frozen';
/** Under a compact row's height: before a row was measured, the guess that never leaves out a row on screen. */
const SHORTEST_ROW = 20;
/** Fewer rows than this past the first screen are drawn at once: splitting them would save nothing. */
const WORTH_SPLITTING = 10;

/** How many rows can show at once below `top` (px from the window's top): cut ones at each edge too. */
function firstScreenRows(windowHeight: number, top: number, rowHeight: number): number {
  return Math.ceil((windowHeight - Math.max(0, top)) / Math.max(rowHeight, 1)) + 1;
}

/**
 * What the first screen's size is worked out from, measured after each split's first frame (when the
 * layout is clean). Before that, guesses that never leave out a row on screen.
 */
type Geometry = {
  rowHeight: number;
  /** From the table's frame's top to its first row (the settings bar, the header rows). */
  frameToRows: number;
  /** From the table's top to its first row (the header rows). */
  tableToRows: number;
};
const UNMEASURED: Geometry = { rowHeight: SHORTEST_ROW, frameToRows: 0, tableToRows: 0 };

type Elements = {
  frame: RefObject<HTMLElement | null>;
  table: RefObject<HTMLTableElement | null>;
  body: RefObject<HTMLTableSectionElement | null>;
  /** Set by the table's pager (another page, another page size), cleared by the next page. */
  turned: RefObject<boolean>;
};

/**
 * How many of the page's rows to draw now: all of them, or the first screen's while a new page's first
 * frame is drawn (the rest a frame later). `generation` changes when the rows start showing another page
 * or view (row-slots.ts); `rows` is the page's row count (the first rows after none split too); `layout`
 * names the columns and the density (kept widths and row heights no longer fit when it changes).
 */
export function useFirstScreenFirst(
  elements: Elements,
  generation: number,
  rows: number,
  layout: string,
): number {
  const page = `${generation}:${rows > 0}`;
  const geometry = useRef(UNMEASURED);
  const startedAt = useRef(generation);
  // The page drawn whole; the first one (before any data) needs no split.
  const [whole, setWhole] = useState(page);
  // Decided once per page: a later render of the same page (the dimming ending, a refresh) keeps it.
  const split = useRef<{ page: string; limit: number } | null>(null);
  if (page === whole) split.current = null;
  else if (split.current?.page !== page) {
    const first = firstScreenOf(elements, geometry.current);
    split.current = { page, limit: rows > first + WORTH_SPLITTING ? first : Infinity };
  }
  const limit = split.current?.limit ?? Infinity;

  useLayoutEffect(() => {
    const table = elements.table.current;
    if (table) unfreeze(table);
    geometry.current = UNMEASURED;
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
      if (elements.turned.current && elements.frame.current) startAtTop(elements.frame.current);
      elements.turned.current = false;
    }
    if (split.current?.page !== page || !Number.isFinite(split.current.limit)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame is painted: a task queued from the frame's own callback runs after its paint.
    const frameRequest = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        geometry.current = measured(elements) ?? geometry.current;
        freeze(table);
        setWhole(page);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frameRequest);
      clearTimeout(timer);
    };
  }, [elements, page, generation]);

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
 * The rows a new page draws in its first frame, or all (Infinity): all when something focused is in
 * the rows (a row left for the next frame would drop the keyboard's focus) or the window does not show
 * the table's first rows. The pager's page starts at the top (startAtTop), its rows under the frame's
 * settings bar and header rows; any other page stays where the table is now.
 */
function firstScreenOf(elements: Elements, geometry: Geometry): number {
  if (elements.body.current?.contains(document.activeElement)) return Infinity;
  const windowHeight = window.innerHeight;
  // (In a dialog the window does not scroll: the page stays where the table is.)
  if (elements.turned.current && !elements.frame.current?.closest('[role="dialog"]'))
    return firstScreenRows(windowHeight, headerBarBottom() + geometry.frameToRows, geometry.rowHeight);
  const table = elements.table.current;
  if (!table) return Infinity;
  // Read before React changes the page: the layout is still the last frame's, so this costs nothing.
  const top = table.getBoundingClientRect().top;
  if (top < -geometry.rowHeight) return Infinity;
  return firstScreenRows(windowHeight, top + geometry.tableToRows, geometry.rowHeight);
}

function measured({ frame, table, body }: Elements): Geometry | null {
  const row = body.current?.rows[0]?.getBoundingClientRect();
  const frameTop = frame.current?.getBoundingClientRect().top;
  const tableTop = table.current?.getBoundingClientRect().top;
  if (!row?.height || frameTop === undefined || tableTop === undefined) return null;
  return { rowHeight: row.height, frameToRows: row.top - frameTop, tableToRows: row.top - tableTop };
}

/** The console's fixed header bar's bottom: what of the window a page can use starts there. */
function headerBarBottom(): number {
  return document.querySelector('.mantine-AppShell-header')?.getBoundingClientRect().bottom ?? 0;
}

/**
 * Scrolls the window back to the table's frame (its settings bar and "new rows" button) when that is
 * above it, under the console's header bar. Not for a table in a dialog (the window behind it stays
 * where it was) nor one not drawn.
 */
function startAtTop(frame: HTMLElement): void {
  if (frame.closest('[role="dialog"]') || frame.getClientRects().length === 0) return;
  const edge = headerBarBottom();
  const top = frame.getBoundingClientRect().top;
  if (top < edge) window.scrollBy(0, top - edge);
}
