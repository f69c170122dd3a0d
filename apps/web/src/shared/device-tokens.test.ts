import { describe, expect, it } from 'vitest';
import { DEVICE_TOKENS_KEY, deviceTokenFor, saveDeviceToken } from './device-tokens.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}
const token = (c: string) => c.repeat(43);

describe('device tokens kept by account', () => {
  it('keeps one token per account, found by any spelling of the email', () => {
    const store = memoryStore();
    saveDeviceToken('Ada@Brokerdesk.test', token('a'), store);
    saveDeviceToken('bob@brokerdesk.test', token('b'), store);
    saveDeviceToken(' ada@brokerdesk.test', token('c'), store);
    expect(deviceTokenFor('ADA@brokerdesk.test ', store)).toBe(token('c'));
    expect(deviceTokenFor('bob@brokerdesk.test', store)).toBe(token('b'));
    expect(deviceTokenFor('eve@brokerdesk.test', store)).toBeUndefined();
  });

  it('sends nothing from a damaged or tampered entry, and works without storage', () => {
    const store = memoryStore();
    store.setItem(DEVICE_TOKENS_KEY, '{broken');
    expect(deviceTokenFor('ada@brokerdesk.test', store)).toBeUndefined();
    store.setItem(DEVICE_TOKENS_KEY, JSON.stringify([['ada@brokerdesk.test', 'short'], 'x']));
    expect(deviceTokenFor('ada@brokerdesk.test', store)).toBeUndefined();
    saveDeviceToken('ada@brokerdesk.test', token('d'), store);
    expect(deviceTokenFor('ada@brokerdesk.test', store)).toBe(token('d'));
    expect(deviceTokenFor('ada@brokerdesk.test', null)).toBeUndefined();
    expect(() => saveDeviceToken('ada@brokerdesk.test', token('d'), null)).not.toThrow();
  });

  it('remembers at most ten accounts, dropping the oldest', () => {
    const store = memoryStore();
    for (let i = 0; i < 12; i++) saveDeviceToken(`u${i}@brokerdesk.test`, token('e'), store);
    expect(deviceTokenFor('u0@brokerdesk.test', store)).toBeUndefined();
    expect(deviceTokenFor('u1@brokerdesk.test', store)).toBeUndefined();
    expect(deviceTokenFor('u2@brokerdesk.test', store)).toBe(token('e'));
    expect(deviceTokenFor('u11@brokerdesk.test', store)).toBe(token('e'));
  });
});
