import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatPeriod } from './report-labels.ts';

describe('a report period as staff read it', () => {
  it('shows whole days as dates, and any other period with its times', () => {
    const start = dayjs('2026-03-01T00:00:00');
    const lastSecond = (d: dayjs.Dayjs) => d.endOf('day').startOf('second').unix();
    expect(formatPeriod(start.unix(), lastSecond(start.add(6, 'day')))).toBe('2026/03/01 – 2026/03/07');
    expect(formatPeriod(start.unix(), lastSecond(start))).toBe('2026/03/01');
    expect(formatPeriod(start.add(2, 'hour').unix(), lastSecond(start))).toBe(
      '2026/03/01 02:00:00 – 2026/03/01 23:59:59',
    );
  });
});
