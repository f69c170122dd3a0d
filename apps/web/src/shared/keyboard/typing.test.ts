import { describe, expect, it } from 'vitest';
import { isShortcutsKey, isTypingTarget } from './typing.ts';

const element = (tagName: string, extra: { role?: string; isContentEditable?: boolean } = {}) => ({
  tagName,
  isContentEditable: extra.isContentEditable ?? false,
  getAttribute: (name: string) => (name === 'role' ? (extra.role ?? null) : null),
});

describe("'?' and typing", () => {
  it('knows fields from the rest of the page', () => {
    expect(isTypingTarget(element('INPUT'))).toBe(true);
    expect(isTypingTarget(element('textarea'))).toBe(true);
    expect(isTypingTarget(element('SELECT'))).toBe(true);
    expect(isTypingTarget(element('DIV', { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'combobox' }))).toBe(true);
    expect(isTypingTarget(element('TR'))).toBe(false);
    expect(isTypingTarget(element('BUTTON'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("opens the shortcuts on '?' outside fields only", () => {
    expect(isShortcutsKey({ key: '?', target: element('BODY') })).toBe(true);
    expect(isShortcutsKey({ key: '?', target: element('TR') })).toBe(true);
    expect(isShortcutsKey({ key: '?', target: element('INPUT') })).toBe(false);
    expect(isShortcutsKey({ key: '?', ctrlKey: true, target: element('BODY') })).toBe(false);
    expect(isShortcutsKey({ key: '/', target: element('BODY') })).toBe(false);
  });
});
