import { describe, expect, it } from 'vitest';
import { filterTypesOf } from '../../shared/data-table/index.ts';
import {
  accountColumns,
  adminColumn,
  clientColumn,
  emailColumn,
  type AccountRow,
} from './account-columns.tsx';

/** Sort and filter fields of the account lists on the server (apps/server/src/features/accounts/list.ts). */
const SERVER_SORT = [
  'timeCreated',
  'timeApproved',
  'number',
  'type',
  'baseCurrency',
  'leverage',
  'balance',
  'equity',
  'accountGroup',
  'platform',
];
const SERVER_FILTER = [...SERVER_SORT, 'client'];

describe('account columns', () => {
  const c = accountColumns<AccountRow>(['Standard']);
  const all = [clientColumn, emailColumn, ...Object.values(c), adminColumn(undefined)];

  it('sorts and filters only by fields the server accepts', () => {
    const sortable = all.filter((col) => col.sortable).map((col) => col.id);
    expect(sortable.every((id) => SERVER_SORT.includes(id))).toBe(true);
    expect(Object.keys(filterTypesOf(all)).every((id) => SERVER_FILTER.includes(id))).toBe(true);
  });

  it('right-aligns leverage, balance and equity, sorting money by number', () => {
    for (const col of [c.leverage, c.balance, c.equity]) expect(col.align).toBe('right');
    expect(c.balance.sortable && c.equity.sortable).toBe(true);
  });

  it('has no filters in a list paged in the browser', () => {
    expect(Object.values(accountColumns<AccountRow>(['Standard'], false)).some((col) => col.filter)).toBe(
      false,
    );
  });
});
