/** Keyboard use of the console: row keys, the '?' key and the shortcuts list. */
export { movedIndex, pressRowAction, rowActionProps, rowCommand, ROW_ACTION_ATTRIBUTE } from './row-keys.ts';
export type { RowAction, RowCommand } from './row-keys.ts';
export { isShortcutsKey, isTypingTarget } from './typing.ts';
export { SHORTCUT_GROUPS, type Shortcut, type ShortcutGroup } from './shortcuts.ts';
