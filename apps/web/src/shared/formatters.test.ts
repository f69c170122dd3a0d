import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatEpoch, formatEpochUtc, formatLeverage, fullName } from './formatters.ts';
import { isValidTimeZone, timeZoneChoices, UTC } from './time-zone/time-zone.ts';

/** Epoch seconds of a UTC wall time. */
const utc = (text: string) => Date.parse(`${text}Z`) / 1000;

describe('formatters', () => {
  it('shows epoch seconds as YYYY/MM/DD HH:mm:ss in local time', () => {
    const seconds = dayjs('2024-03-05T07:08:09').unix();
    expect(formatEpoch(seconds)).toBe('2024/03/05 07:08:09');
    expect(formatEpoch(null)).toBe('');
    expect(formatEpoch(undefined)).toBe('');
  });

  it('shows a time in the chosen zone, and the same instant in UTC for the tooltip', () => {
    const at = utc('2024-06-01T12:00:00');
    expect(formatEpoch(at, UTC)).toBe('2024/06/01 12:00:00');
    expect(formatEpoch(at, 'Europe/Paris')).toBe('2024/06/01 14:00:00');
    expect(formatEpoch(at, 'Asia/Kolkata')).toBe('2024/06/01 17:30:00');
    expect(formatEpoch(at, 'America/New_York')).toBe('2024/06/01 08:00:00');
    expect(formatEpochUtc(at)).toBe('2024/06/01 12:00:00 UTC');
    expect(formatEpochUtc(null)).toBe('');
    // Midnight is 00, never 24; fractions of a second are cut, not rounded up.
    expect(formatEpoch(utc('2024-01-01T00:00:00') + 0.9, UTC)).toBe('2024/01/01 00:00:00');
    // A date line: the day changes with the zone.
    expect(formatEpoch(utc('2024-01-01T11:00:00'), 'Pacific/Auckland')).toBe('2024/01/02 00:00:00');
  });

  it('formats UTC the same way as any other zone, before 1970 and after 9999 included', () => {
    // UTC takes a shortcut past Intl (the ISO form); Etc/UTC is the same zone by Intl's own path.
    const instants = [
      -86_400 * 365 * 80,
      -1,
      0,
      59,
      951_782_400,
      1_709_251_199,
      253_402_300_799,
      253_402_300_800,
    ];
    for (let s = 0; s < 200; s++) instants.push(Math.floor(Math.sin(s + 1) * 4e9));
    for (const at of instants) expect(formatEpoch(at, UTC), String(at)).toBe(formatEpoch(at, 'Etc/UTC'));
  });

  it('follows daylight saving across the spring-forward edge', () => {
    // London: at 01:00 UTC on 2024-03-31 clocks go from 01:00 GMT to 02:00 BST.
    expect(formatEpoch(utc('2024-03-31T00:59:59'), 'Europe/London')).toBe('2024/03/31 00:59:59');
    expect(formatEpoch(utc('2024-03-31T01:00:00'), 'Europe/London')).toBe('2024/03/31 02:00:00');
    // New York: at 07:00 UTC on 2024-03-10, 02:00 EST becomes 03:00 EDT.
    expect(formatEpoch(utc('2024-03-10T06:59:59'), 'America/New_York')).toBe('2024/03/10 01:59:59');
    expect(formatEpoch(utc('2024-03-10T07:00:00'), 'America/New_York')).toBe('2024/03/10 03:00:00');
  });

  it('follows daylight saving across the fall-back edge, the repeated hour included', () => {
    // London: at 01:00 UTC on 2024-10-27, 02:00 BST goes back to 01:00 GMT; 01:30 happens twice.
    expect(formatEpoch(utc('2024-10-27T00:30:00'), 'Europe/London')).toBe('2024/10/27 01:30:00');
    expect(formatEpoch(utc('2024-10-27T00:59:59'), 'Europe/London')).toBe('2024/10/27 01:59:59');
    expect(formatEpoch(utc('2024-10-27T01:00:00'), 'Europe/London')).toBe('2024/10/27 01:00:00');
    expect(formatEpoch(utc('2024-10-27T01:30:00'), 'Europe/London')).toBe('2024/10/27 01:30:00');
    // Sydney (southern hemisphere): at 16:00 UTC on 2024-04-06, 03:00 AEDT goes back to 02:00 AEST.
    expect(formatEpoch(utc('2024-04-06T15:59:59'), 'Australia/Sydney')).toBe('2024/04/07 02:59:59');
    expect(formatEpoch(utc('2024-04-06T16:00:00'), 'Australia/Sydney')).toBe('2024/04/07 02:00:00');
    // UTC itself never jumps.
    expect(formatEpoch(utc('2024-10-27T01:00:00'), UTC)).toBe('2024/10/27 01:00:00');
  });

  it('offers the browser zone and UTC first, and only real zones', () => {
    const choices = timeZoneChoices();
    expect(choices).toContain(UTC);
    expect(choices.slice(0, 2)).toContain(UTC);
    expect(new Set(choices).size).toBe(choices.length);
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('shows amounts with 2 decimals and nothing for no value', () => {
    expect(formatAmount(1234.5)).toBe('1234.50');
    expect(formatAmount('12')).toBe('12.00');
    expect(formatAmount(-0.001)).toBe('0.00');
    expect(formatAmount(-5)).toBe('-5.00');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount('abc')).toBe('');
  });

  it('shows leverage as 1:N unless it already has a colon', () => {
    expect(formatLeverage(500)).toBe('1:500');
    expect(formatLeverage('200')).toBe('1:200');
    expect(formatLeverage('1:100')).toBe('1:100');
    expect(formatLeverage(undefined)).toBe('');
  });

  it('joins names without stray spaces', () => {
    expect(fullName('Ann', 'Lee')).toBe('Ann Lee');
    expect(fullName('Ann', '')).toBe('Ann');
  });
});
