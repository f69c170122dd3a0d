/** What a key pressed on a focused table row asks for. */
export type RowCommand = 'next' | 'previous' | 'first' | 'last' | 'open' | 'approve' | 'reject';

export type KeyLike = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
};

const COMMANDS: Readonly<Record<string, RowCommand>> = {
  ArrowDown: 'next',
  j: 'next',
  ArrowUp: 'previous',
  k: 'previous',
  Home: 'first',
  End: 'last',
  Enter: 'open',
  a: 'approve',
  r: 'reject',
};

/**
 * The row command of a key, or null. Keys held with Ctrl, Cmd or Alt belong to the browser and to other
 * shortcuts (Ctrl+K search, Ctrl+R reload), never to the row.
 */
export function rowCommand(event: KeyLike): RowCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  return COMMANDS[event.key] ?? null;
}

/** The row to focus after a move; stays inside 0..count-1 (no wrapping round). */
export function movedIndex(
  command: Extract<RowCommand, 'next' | 'previous' | 'first' | 'last'>,
  current: number,
  count: number,
): number {
  if (count <= 0) return -1;
  const from = Math.min(Math.max(current, 0), count - 1);
  switch (command) {
    case 'next':
      return Math.min(from + 1, count - 1);
    case 'previous':
      return Math.max(from - 1, 0);
    case 'first':
      return 0;
    case 'last':
      return count - 1;
  }
}

/** The attribute that marks a row's own Approve and Reject buttons, which 'a' and 'r' press. */
export const ROW_ACTION_ATTRIBUTE = 'data-row-action';
export type RowAction = 'approve' | 'reject';

/** Props for a row's Approve or Reject button, so the keyboard presses that very button. */
export function rowActionProps(action: RowAction): Record<typeof ROW_ACTION_ATTRIBUTE, RowAction> {
  return { [ROW_ACTION_ATTRIBUTE]: action };
}

type ButtonLike = { disabled?: boolean; getAttribute(name: string): string | null; click(): void };
type RowLike = { querySelector(selector: string): ButtonLike | null };

/**
 * Press the row's own Approve or Reject button: the same handler, the same confirmation, and nothing when
 * the row has no such button or it is disabled (one action at a time, four-eyes). True when pressed.
 */
export function pressRowAction(row: RowLike, action: RowAction): boolean {
  const button = row.querySelector(`[${ROW_ACTION_ATTRIBUTE}="${action}"]`);
  if (!button || button.disabled || button.getAttribute('aria-disabled') === 'true') return false;
  button.click();
  return true;
}
