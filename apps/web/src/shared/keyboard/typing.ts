type TargetLike = {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
};

const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const FIELD_ROLES = new Set(['textbox', 'combobox', 'searchbox', 'spinbutton']);

/** Whether a key event comes from a place where the staff member is typing: shortcuts then stay quiet. */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as TargetLike;
  if (element.tagName && FIELD_TAGS.has(element.tagName.toUpperCase())) return true;
  if (element.isContentEditable) return true;
  const role = element.getAttribute?.('role');
  return Boolean(role && FIELD_ROLES.has(role));
}

/** '?' (Shift+/ on most layouts) opens the shortcuts list, unless typed into a field or held with Ctrl/Cmd/Alt. */
export function isShortcutsKey(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target: unknown;
}): boolean {
  if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return false;
  return !isTypingTarget(event.target);
}
