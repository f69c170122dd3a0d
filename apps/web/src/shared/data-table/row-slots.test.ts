import { describe, expect, it } from 'vitest';
import { nextRowSlots, type RowSlots } from './row-slots.ts';

const keysOf = (slots: RowSlots, ids: string[]) => ids.map((id) => slots.keys.get(id));

describe('nextRowSlots', () => {
  it('a new page takes the elements by place', () => {
    const first = nextRowSlots(null, ['a', 'b', 'c'], 'page1', false);
    expect(keysOf(first, ['a', 'b', 'c'])).toEqual(['0', '1', '2']);
    // The click: the old rows stand in for page 2 (same rows, nothing moves).
    const standing = nextRowSlots(first, ['a', 'b', 'c'], 'page2', true);
    expect(keysOf(standing, ['a', 'b', 'c'])).toEqual(['0', '1', '2']);
    expect(standing.generation).toBe(first.generation);
    // Page 2's rows arrive: place by place.
    const second = nextRowSlots(standing, ['d', 'e', 'f'], 'page2', false);
    expect(keysOf(second, ['d', 'e', 'f'])).toEqual(['0', '1', '2']);
    expect(second.generation).toBe(first.generation + 1);
  });

  it('a refresh of the same view keeps each record on its element', () => {
    const shown = nextRowSlots(null, ['a', 'b', 'c', 'd'], 'v', false);
    // 'b' was decided by someone else and left; 'e' came in.
    const refreshed = nextRowSlots(shown, ['a', 'c', 'd', 'e'], 'v', false);
    expect(keysOf(refreshed, ['a', 'c', 'd'])).toEqual(['0', '2', '3']);
    // The newcomer gets a key no place and no earlier row had: it never takes a gone row's element.
    expect(refreshed.keys.get('e')).toBe('new-0');
    expect(refreshed.generation).toBe(shown.generation);
    const again = nextRowSlots(refreshed, ['f', 'a', 'c', 'd', 'e'], 'v', false);
    expect(again.keys.get('f')).toBe('new-1');
    expect(keysOf(again, ['a', 'e'])).toEqual(['0', 'new-0']);
  });

  it('the same rows drawn again change nothing', () => {
    const shown = nextRowSlots(null, ['a', 'b'], 'v', false);
    expect(nextRowSlots(shown, ['a', 'b'], 'v', false)).toBe(shown);
  });
});
