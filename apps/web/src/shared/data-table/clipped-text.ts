import type { MouseEvent } from 'react';

/** Marks a title this table set itself, so one written by a screen is never taken away. */
const OWN_TITLE = 'data-clipped-title';

/**
 * Cells stay on one line and end in an ellipsis; the full text shows on hover as the cell's
 * title. Set when the pointer reaches a cell, and only for one whose text is cut, rather than a title on
 * every cell of every render: a 100-row page has over a thousand cells (tools/bench/paint.ts).
 */
export function showClippedText(event: MouseEvent<HTMLElement>): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const cell = target.closest('td');
  if (!cell || !event.currentTarget.contains(cell)) return;
  const clipped = cell.scrollWidth > cell.clientWidth + 1;
  if (clipped && (!cell.hasAttribute('title') || cell.hasAttribute(OWN_TITLE))) {
    cell.title = (cell.textContent ?? '').trim();
    cell.setAttribute(OWN_TITLE, '');
  } else if (!clipped && cell.hasAttribute(OWN_TITLE)) {
    cell.removeAttribute('title');
    cell.removeAttribute(OWN_TITLE);
  }
}

/**
 * Takes away the titles showClippedText set: a new page reuses the rows' elements by place
 * (row-slots.ts), so a cell's title would otherwise still show the previous page's text.
 */
export function forgetClippedText(body: HTMLElement | null): void {
  for (const cell of body?.querySelectorAll(`[${OWN_TITLE}]`) ?? []) {
    cell.removeAttribute('title');
    cell.removeAttribute(OWN_TITLE);
  }
}
