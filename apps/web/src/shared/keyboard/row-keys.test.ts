import { describe, expect, it } from 'vitest';
import { movedIndex, pressRowAction, rowActionProps, rowCommand } from './row-keys.ts';

/** A row holding buttons marked as the real Reject/Approve buttons are, found by selector. */
function fakeRow(buttons: Record<string, { disabled?: boolean; ariaDisabled?: boolean }>) {
  const clicks: string[] = [];
  return {
    clicks,
    querySelector(selector: string) {
      const match = /\[data-row-action="(\w+)"\]/.exec(selector);
      const action = match?.[1];
      const button = action ? buttons[action] : undefined;
      if (!action || !button) return null;
      return {
        disabled: button.disabled,
        getAttribute: (name: string) => (name === 'aria-disabled' && button.ariaDisabled ? 'true' : null),
        click: () => clicks.push(action),
      };
    },
  };
}

describe('row keys', () => {
  it('maps arrows, j/k, Home/End, Enter, a and r to row commands', () => {
    expect(rowCommand({ key: 'ArrowDown' })).toBe('next');
    expect(rowCommand({ key: 'j' })).toBe('next');
    expect(rowCommand({ key: 'ArrowUp' })).toBe('previous');
    expect(rowCommand({ key: 'k' })).toBe('previous');
    expect(rowCommand({ key: 'Home' })).toBe('first');
    expect(rowCommand({ key: 'End' })).toBe('last');
    expect(rowCommand({ key: 'Enter' })).toBe('open');
    expect(rowCommand({ key: 'a' })).toBe('approve');
    expect(rowCommand({ key: 'r' })).toBe('reject');
  });

  it('leaves other keys and keys held with Ctrl, Cmd or Alt alone', () => {
    expect(rowCommand({ key: 'x' })).toBeNull();
    expect(rowCommand({ key: 'A' })).toBeNull();
    expect(rowCommand({ key: 'Tab' })).toBeNull();
    expect(rowCommand({ key: 'r', ctrlKey: true })).toBeNull();
    expect(rowCommand({ key: 'a', metaKey: true })).toBeNull();
    expect(rowCommand({ key: 'ArrowDown', altKey: true })).toBeNull();
  });

  it('moves within the page without wrapping round', () => {
    expect(movedIndex('next', 0, 3)).toBe(1);
    expect(movedIndex('next', 2, 3)).toBe(2);
    expect(movedIndex('previous', 2, 3)).toBe(1);
    expect(movedIndex('previous', 0, 3)).toBe(0);
    expect(movedIndex('first', 2, 3)).toBe(0);
    expect(movedIndex('last', 0, 3)).toBe(2);
    // A page that shrank under the focus: the move starts from the last row there is.
    expect(movedIndex('next', 9, 3)).toBe(2);
    expect(movedIndex('next', 0, 0)).toBe(-1);
  });

  it("presses the row's own Approve or Reject button", () => {
    const row = fakeRow({ approve: {}, reject: {} });
    expect(pressRowAction(row, 'approve')).toBe(true);
    expect(pressRowAction(row, 'reject')).toBe(true);
    expect(row.clicks).toEqual(['approve', 'reject']);
  });

  it('does nothing when the row has no such button or it is disabled', () => {
    const none = fakeRow({});
    expect(pressRowAction(none, 'approve')).toBe(false);
    const blocked = fakeRow({ approve: { disabled: true }, reject: { ariaDisabled: true } });
    expect(pressRowAction(blocked, 'approve')).toBe(false);
    expect(pressRowAction(blocked, 'reject')).toBe(false);
    expect(none.clicks).toEqual([]);
    expect(blocked.clicks).toEqual([]);
  });

  it('marks buttons with the attribute the keys look for', () => {
    expect(rowActionProps('approve')).toEqual({ 'data-row-action': 'approve' });
  });
});
