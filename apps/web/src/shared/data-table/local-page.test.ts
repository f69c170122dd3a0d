import { describe, expect, it } from 'vitest';
import type { ListState } from './list-state.ts';
import { pageLocally } from './local-page.ts';

type Row = { id: string; name: string; added: number };
const rows: Row[] = [
  { id: 'g10', name: 'Std USD', added: 3 },
  { id: 'g2', name: 'ECN EUR', added: 1 },
  { id: 'g1', name: 'std gbp', added: 2 },
];
const fields = { id: (r: Row) => r.id, name: (r: Row) => r.name, added: (r: Row) => r.added };
const state = (over: Partial<ListState>): ListState => ({
  page: 1,
  sizePerPage: 10,
  sortField: undefined,
  sortOrder: 'asc',
  filters: {},
  ...over,
});

describe('pageLocally', () => {
  it('keeps the order when unsorted', () => {
    expect(pageLocally(rows, state({}), fields).rows.map((r) => r.id)).toEqual(['g10', 'g2', 'g1']);
  });

  it('sorts text naturally and numbers numerically, both ways', () => {
    const ids = (s: Partial<ListState>) => pageLocally(rows, state(s), fields).rows.map((r) => r.id);
    expect(ids({ sortField: 'id' })).toEqual(['g1', 'g2', 'g10']);
    expect(ids({ sortField: 'added', sortOrder: 'desc' })).toEqual(['g10', 'g1', 'g2']);
  });

  it('filters by case-insensitive substring and counts the matches', () => {
    const result = pageLocally(rows, state({ filters: { name: 'STD' } }), fields);
    expect(result.total).toBe(2);
    expect(result.rows.map((r) => r.id)).toEqual(['g10', 'g1']);
  });

  it('cuts the requested page', () => {
    const result = pageLocally(rows, state({ page: 2, sizePerPage: 2, sortField: 'id' }), fields);
    expect(result).toEqual({ rows: [rows[0]], total: 3 });
  });
});
