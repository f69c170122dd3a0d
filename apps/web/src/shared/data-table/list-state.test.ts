import { describe, expect, it } from 'vitest';
import {
  applyListChange,
  nextSort,
  pageCount,
  pageSizeChoices,
  parseListState,
  sameSortAndFilters,
  toPagedRequest,
  writeListState,
  type ListDefaults,
} from './list-state.ts';

const USERS: ListDefaults = {
  sizes: [50, 100],
  sizePerPage: 50,
  sortField: 'timestamp',
  sortOrder: 'desc',
  sortFields: ['timestamp', 'name'],
  filterFields: ['name', 'agentCode', 'registered'],
};

const parse = (query: string, defaults = USERS) => parseListState(new URLSearchParams(query), defaults);

describe('parseListState', () => {
  it('gives the defaults for an empty address', () => {
    expect(parse('')).toEqual({
      page: 1,
      sizePerPage: 50,
      sortField: 'timestamp',
      sortOrder: 'desc',
      filters: {},
    });
  });

  it('reads page, size, sort and filters', () => {
    expect(parse('page=3&size=100&sort=name&order=asc&f.name=Jon&f.agentCode=*')).toEqual({
      page: 3,
      sizePerPage: 100,
      sortField: 'name',
      sortOrder: 'asc',
      filters: { name: 'Jon', agentCode: '*' },
    });
  });

  it('ignores malformed values and fields the list does not allow', () => {
    expect(parse('page=-2&size=7&sort=passwordHash&order=up&f.password=x&f.name=')).toEqual(parse(''));
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
  });

  it('accepts an initial size outside the choices (live accounts start at 10)', () => {
    const live: ListDefaults = { sizes: [50, 100], sizePerPage: 10 };
    expect(pageSizeChoices(live)).toEqual([10, 50, 100]);
    expect(parse('size=10', live).sizePerPage).toBe(10);
    expect(parse('size=50', live).sizePerPage).toBe(50);
  });

  it('keeps lists with different prefixes apart', () => {
    const deposits: ListDefaults = { sizes: [10, 25, 50], sizePerPage: 10, prefix: 'dep' };
    const state = parseListState(new URLSearchParams('page=4&dep.page=2&dep.f.x=1'), deposits);
    expect(state.page).toBe(2);
    expect(state.filters).toEqual({ x: '1' });
  });
});

describe('writeListState', () => {
  it('leaves defaults out of the address and keeps foreign keys', () => {
    const params = new URLSearchParams('tab=withdrawal&page=4&f.name=Old');
    const next = writeListState(params, parse(''), USERS);
    expect(next.toString()).toBe('tab=withdrawal');
  });

  it('round-trips through parse', () => {
    const state = {
      page: 2,
      sizePerPage: 100,
      sortField: 'name',
      sortOrder: 'asc' as const,
      filters: { name: 'Ann Lee', registered: 'completed' },
    };
    const written = writeListState(new URLSearchParams(), state, USERS);
    expect(parseListState(written, USERS)).toEqual(state);
  });

  it('writes only its own prefix', () => {
    const log: ListDefaults = { sizes: [10, 20], sizePerPage: 10, prefix: 'log' };
    const next = writeListState(
      new URLSearchParams('page=3'),
      { page: 2, sizePerPage: 20, sortField: undefined, sortOrder: 'desc', filters: {} },
      log,
    );
    expect(next.toString()).toBe('page=3&log.page=2&log.size=20');
  });
});

describe('applyListChange', () => {
  const start = { ...parse('page=5'), filters: { name: 'Jo' } };

  it('goes back to page 1 on sort, filter and size changes', () => {
    expect(applyListChange(start, { type: 'sort', field: 'name', order: 'asc' })).toMatchObject({
      page: 1,
      sortField: 'name',
      sortOrder: 'asc',
    });
    expect(applyListChange(start, { type: 'filter', field: 'agentCode', value: '12' })).toMatchObject({
      page: 1,
      filters: { name: 'Jo', agentCode: '12' },
    });
    expect(applyListChange(start, { type: 'size', sizePerPage: 100 })).toMatchObject({
      page: 1,
      sizePerPage: 100,
    });
  });

  it('removes a filter set to nothing or blanks', () => {
    expect(applyListChange(start, { type: 'filter', field: 'name', value: null }).filters).toEqual({});
    expect(applyListChange(start, { type: 'filter', field: 'name', value: '  ' }).filters).toEqual({});
  });

  it('keeps the page on a page change', () => {
    expect(applyListChange(start, { type: 'page', page: 7 }).page).toBe(7);
    expect(applyListChange(start, { type: 'page', page: 0 }).page).toBe(1);
  });
});

describe('toPagedRequest', () => {
  it('builds the server body with typed filters', () => {
    const state = {
      ...parse('page=2&sort=name&order=asc'),
      filters: { name: ' Jon ', account: '1001', registered: 'completed', stray: 'x' },
    };
    expect(toPagedRequest(state, { name: 'TEXT', account: 'NUMBER', registered: 'SELECT' })).toEqual({
      page: 2,
      sizePerPage: 50,
      sortField: 'name',
      sortOrder: 'asc',
      filters: {
        name: { filterType: 'TEXT', filterVal: 'Jon' },
        account: { filterType: 'NUMBER', filterVal: 1001 },
        registered: { filterType: 'SELECT', filterVal: 'completed' },
      },
    });
  });

  it('drops a number filter that is not a number', () => {
    const state = { ...parse(''), filters: { account: '12a' } };
    expect(toPagedRequest(state, { account: 'NUMBER' }).filters).toEqual({});
  });

  it('counts pages', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});

describe('nextSort (a click on a column header)', () => {
  it("turns the sorted column's order round and never removes the sort", () => {
    expect(nextSort({ sortField: 'amount', sortOrder: 'desc' }, { id: 'amount' })).toEqual({
      field: 'amount',
      order: 'asc',
    });
    expect(
      nextSort({ sortField: 'amount', sortOrder: 'asc' }, { id: 'amount', sortDescFirst: true }),
    ).toEqual({ field: 'amount', order: 'desc' });
  });

  it('starts another column in its first order: ascending, or descending when it says so', () => {
    const state = { sortField: 'createdAt', sortOrder: 'desc' } as const;
    expect(nextSort(state, { id: 'email' })).toEqual({ field: 'email', order: 'asc' });
    expect(nextSort(state, { id: 'amount', sortDescFirst: true })).toEqual({
      field: 'amount',
      order: 'desc',
    });
    expect(nextSort({ sortField: undefined, sortOrder: 'desc' }, { id: 'email' })).toEqual({
      field: 'email',
      order: 'asc',
    });
  });
});

describe('sameSortAndFilters', () => {
  const base = {
    page: 1,
    sizePerPage: 50,
    sortField: 'name',
    sortOrder: 'asc' as const,
    filters: { a: 'x' },
  };
  it('ignores the page and its size, not the sort or a filter', () => {
    expect(sameSortAndFilters(base, { ...base, page: 3, sizePerPage: 100 })).toBe(true);
    expect(sameSortAndFilters(base, { ...base, sortOrder: 'desc' })).toBe(false);
    expect(sameSortAndFilters(base, { ...base, sortField: 'email' })).toBe(false);
    expect(sameSortAndFilters(base, { ...base, filters: { a: 'y' } })).toBe(false);
    expect(sameSortAndFilters(base, { ...base, filters: { a: 'x', b: 'z' } })).toBe(false);
    expect(sameSortAndFilters({ ...base, filters: { a: 'x', b: 'z' } }, base)).toBe(false);
  });
});
