import type { ListState } from './list-state.ts';

/** How to read a row's field for sorting and filtering on the client. */
export type LocalFields<T> = Record<string, (row: T) => string | number | boolean | null | undefined>;

/**
 * For the few calls that return a whole list (groups, a client's log): filter, sort and cut a page on
 * the client, so those screens still use the one DataTable and keep their view in the URL.
 * Text filters match a case-insensitive substring; sorting is numeric for numbers, natural for text.
 */
export function pageLocally<T>(
  rows: readonly T[],
  state: ListState,
  fields: LocalFields<T>,
): { rows: T[]; total: number } {
  const filtered = rows.filter((row) =>
    Object.entries(state.filters).every(([field, wanted]) => {
      const read = fields[field];
      if (!read) return true;
      const value = read(row);
      return String(value ?? '')
        .toLowerCase()
        .includes(wanted.trim().toLowerCase());
    }),
  );

  const read = state.sortField ? fields[state.sortField] : undefined;
  const sorted = read ? [...filtered].sort((a, b) => compare(read(a), read(b))) : filtered;
  if (read && state.sortOrder === 'desc') sorted.reverse();

  const start = (state.page - 1) * state.sizePerPage;
  return { rows: sorted.slice(start, start + state.sizePerPage), total: filtered.length };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  // Empty values go last in ascending order.
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
