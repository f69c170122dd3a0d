import type { SavedView } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { listDefaults, parseListState, type ListState } from '../list-state.ts';
import type { DataTableColumn } from '../types.ts';
import {
  activeView,
  choosableColumns,
  defaultHidden,
  hasListParams,
  hiddenOf,
  listStateOfView,
  noneToSpare,
  paramsWithView,
  toggleColumn,
  viewLink,
  viewStateOf,
  visibleColumns,
  widthGuess,
} from './settings-logic.ts';

type Row = { id: string };
const col = (id: string, extra: Partial<DataTableColumn<Row>> = {}): DataTableColumn<Row> => ({
  id,
  header: id.toUpperCase(),
  cell: () => id,
  ...extra,
});
const COLUMNS = [
  col('name', { alwaysVisible: true }),
  col('email'),
  col('country', { defaultHidden: true }),
  col('reason', { defaultHidden: true }),
  col('actions', { header: '', sticky: 'right' }),
];
const DEFAULTS = listDefaults(
  { sizes: [50, 100], initial: 50 },
  { sortField: 'timestamp', sortOrder: 'desc', sortFields: ['timestamp', 'name'], filterFields: ['country'] },
);
const PREFIXED = { ...DEFAULTS, prefix: 'dep' };
const state = (extra: Partial<ListState> = {}): ListState => ({
  page: 1,
  sizePerPage: 50,
  sortField: 'timestamp',
  sortOrder: 'desc',
  filters: {},
  ...extra,
});
const view = (id: string, s: Partial<SavedView['state']> = {}): SavedView => ({
  _id: id,
  list: 'users.all',
  name: id,
  isDefault: false,
  mine: true,
  ownerName: 'Ada',
  updatedAt: 0,
  state: { sortOrder: 'desc', sizePerPage: 50, filters: {}, hiddenColumns: [], ...s },
});

describe('column choice', () => {
  it('offers every column but the pinned ones and the untitled action column', () => {
    expect(choosableColumns(COLUMNS).map((c) => c.id)).toEqual(['email', 'country', 'reason']);
  });

  it('shows every column on a table wide enough for all, or not yet measured', () => {
    expect(defaultHidden(COLUMNS)).toEqual([]);
    expect(defaultHidden(COLUMNS, 1920)).toEqual([]);
  });

  it('leaves out spare columns, least needed first, until the rest fit the width', () => {
    // Five columns of 72 px (the narrowest guess): 360 px.
    expect(widthGuess(COLUMNS[0]!)).toBe(72);
    expect(defaultHidden(COLUMNS, 360)).toEqual([]);
    // Unranked spare columns go from the right.
    expect(defaultHidden(COLUMNS, 340)).toEqual(['reason']);
    expect(defaultHidden(COLUMNS, 250)).toEqual(['reason', 'country']);
    // Never a key column, however narrow.
    expect(defaultHidden(COLUMNS, 100)).toEqual(['reason', 'country']);
    const ranked = COLUMNS.map((c) => (c.id === 'country' ? { ...c, spareRank: 0 } : c));
    expect(defaultHidden(ranked, 340)).toEqual(['country']);
  });

  it('leaves out more when the table measured itself still too wide', () => {
    expect(defaultHidden(COLUMNS, 1920, 1)).toEqual(['reason']);
    expect(noneToSpare(COLUMNS, ['reason'])).toBe(false);
    expect(noneToSpare(COLUMNS, ['reason', 'country'])).toBe(true);
  });

  it('guesses a column from its own width, its header and its filter', () => {
    expect(widthGuess(col('x', { width: 36 }))).toBe(36);
    expect(widthGuess(col('x', { fitWidth: 165 }))).toBe(165);
    expect(widthGuess(col('x', { header: 'Account currency', filter: { kind: 'select', options: [] } }))).toBe(
      124,
    );
  });

  it("hides the list's defaults until the staff member chooses, then exactly their choice", () => {
    expect(hiddenOf(COLUMNS, null, 250)).toEqual(['reason', 'country']);
    expect(hiddenOf(COLUMNS, ['email'], 250)).toEqual(['email']);
    expect(visibleColumns(COLUMNS, ['email']).map((c) => c.id)).toEqual([
      'name',
      'country',
      'reason',
      'actions',
    ]);
  });

  it('never hides pinned columns, even when a stored choice names them', () => {
    expect(visibleColumns(COLUMNS, ['name', 'actions', 'email']).map((c) => c.id)).toEqual([
      'name',
      'country',
      'reason',
      'actions',
    ]);
  });

  it('toggles one column and keeps ids this screen does not have', () => {
    expect(toggleColumn(['other-tab', 'email'], 'email', true)).toEqual(['other-tab']);
    expect(toggleColumn(['other-tab'], 'country', false)).toEqual(['other-tab', 'country']);
    expect(toggleColumn(['country'], 'country', false)).toEqual(['country']);
  });
});

describe('saved views', () => {
  it('keeps sort, size, filters and columns, never the page', () => {
    const s = state({ page: 7, sortField: 'name', sortOrder: 'asc', filters: { country: 'Germany' } });
    expect(viewStateOf(s, ['email'])).toEqual({
      sortField: 'name',
      sortOrder: 'asc',
      sizePerPage: 50,
      filters: { country: 'Germany' },
      hiddenColumns: ['email'],
    });
  });

  it('opens on page 1 and drops what the list no longer allows', () => {
    const opened = listStateOfView(
      {
        sortField: 'gone',
        sortOrder: 'asc',
        sizePerPage: 33,
        filters: { country: 'Spain', gone: 'x' },
        hiddenColumns: [],
      },
      DEFAULTS,
    );
    expect(opened).toEqual(state({ sortOrder: 'asc', filters: { country: 'Spain' } }));
  });

  it('finds the view on screen whatever the page, and none once anything differs', () => {
    const views = [
      view('a'),
      view('b', { sortField: 'name', filters: { country: 'Spain' }, hiddenColumns: ['email'] }),
    ];
    const onScreen = state({ page: 3, sortField: 'name', filters: { country: 'Spain' } });
    expect(activeView(views, onScreen, ['email'], DEFAULTS)?._id).toBe('b');
    expect(activeView(views, onScreen, [], DEFAULTS)).toBeUndefined();
    expect(
      activeView(views, { ...onScreen, filters: { country: 'Spa' } }, ['email'], DEFAULTS),
    ).toBeUndefined();
    // A view without a sort means the list's default sort.
    expect(activeView(views, state(), [], DEFAULTS)?._id).toBe('a');
  });

  it("writes a view into the URL in place of the list's state, keeping the screen's own params", () => {
    const before = new URLSearchParams('tab=deposit&dep.page=4&dep.f.country=France&dep.view=abc&open=x');
    const after = paramsWithView(
      before,
      {
        sortField: 'name',
        sortOrder: 'asc',
        sizePerPage: 100,
        filters: { country: 'Spain' },
        hiddenColumns: [],
      },
      PREFIXED,
    );
    expect(Object.fromEntries(after)).toEqual({
      tab: 'deposit',
      open: 'x',
      'dep.size': '100',
      'dep.sort': 'name',
      'dep.order': 'asc',
      'dep.f.country': 'Spain',
    });
    expect(parseListState(after, PREFIXED).filters).toEqual({ country: 'Spain' });
  });

  it('tells whether the URL says anything about this list (then no default view replaces it)', () => {
    expect(hasListParams(new URLSearchParams(''), DEFAULTS)).toBe(false);
    expect(hasListParams(new URLSearchParams('open=abc'), DEFAULTS)).toBe(false);
    expect(hasListParams(new URLSearchParams('f.country=Spain'), DEFAULTS)).toBe(true);
    expect(hasListParams(new URLSearchParams('view=abc'), DEFAULTS)).toBe(true);
    expect(hasListParams(new URLSearchParams('page=2'), PREFIXED)).toBe(false);
    expect(hasListParams(new URLSearchParams('dep.page=2'), PREFIXED)).toBe(true);
  });

  it("links to a view with the screen's params and the view key instead of the list's state", () => {
    const here = new URL(
      'https://desk.example/historical-requests?tab=deposit&dep.page=2&dep.f.country=Spain',
    );
    expect(viewLink(here, 'abc', PREFIXED)).toBe(
      'https://desk.example/historical-requests?tab=deposit&dep.view=abc',
    );
    expect(viewLink(new URL('http://h/users/all?page=3'), 'abc', DEFAULTS)).toBe(
      'http://h/users/all?view=abc',
    );
  });
});
