import { describe, expect, it } from 'vitest';
import { deviceInfo } from './device-info.ts';

describe('deviceInfo', () => {
  it('labels common browsers and devices', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    expect(deviceInfo(chrome)).toEqual({ deviceType: 'Desktop', browserName: 'Chrome' });
    const edge = `${chrome} Edg/120.0`;
    expect(deviceInfo(edge).browserName).toBe('Edge');
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(deviceInfo(iphone)).toEqual({ deviceType: 'Mobile', browserName: 'Safari' });
    expect(deviceInfo('curl/8').browserName).toBe('Other');
  });
});
