import { describe, expect, it } from 'vitest';
import { splitNewRows, type Refresh, type ShownRows } from './new-rows.ts';

type Row = { id: string; status: string };
const key = (r: Row) => r.id;
const row = (id: string, status = 'pending'): Row => ({ id, status });
const shown = (ids: string[], over: Partial<ShownRows> = {}): ShownRows => ({
  view: 'page=1',
  ids: new Set(ids),
  placeholder: false,
  lastMutation: 0,
  ...over,
});
const background: Refresh = { view: 'page=1', refreshing: false, ownChange: false };

describe('splitNewRows', () => {
  it('holds rows that arrive in a background refresh behind a count, and keeps the others up to date', () => {
    const rows = [row('new1'), row('a', 'approved'), row('new2'), row('b')];
    const r = splitNewRows(rows, key, shown(['a', 'b']), background);
    expect(r).toEqual({ visible: [row('a', 'approved'), row('b')], waiting: 2, hold: true });
  });

  it('drops rows that are gone without holding anything', () => {
    const rows = [row('b')];
    expect(splitNewRows(rows, key, shown(['a', 'b']), background)).toEqual({
      visible: rows,
      waiting: 0,
      hold: false,
    });
  });

  it('shows everything on the first answer, another page, sort or filter, and while the old page stands in', () => {
    const rows = [row('x'), row('y')];
    const all = { visible: rows, waiting: 0, hold: false };
    expect(splitNewRows(rows, key, null, background)).toEqual(all);
    expect(splitNewRows(rows, key, shown(['a']), { ...background, view: 'page=2' })).toEqual(all);
    expect(splitNewRows(rows, key, shown(['a']), { ...background, refreshing: true })).toEqual(all);
    // The rows on screen were the previous page standing in: the new page is not "new rows".
    expect(splitNewRows(rows, key, shown(['a'], { placeholder: true }), background)).toEqual(all);
  });

  it("shows the result of the staff member's own action at once", () => {
    const rows = [row('mine'), row('a')];
    expect(splitNewRows(rows, key, shown(['a']), { ...background, ownChange: true })).toEqual({
      visible: rows,
      waiting: 0,
      hold: false,
    });
  });
});
