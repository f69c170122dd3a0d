/**
 * How long something has waited, for the dashboard's tiles: '45s', '12m', '3h 20m', '4d 6h'; and the
 * colour that says whether that is fine (a desk works through its queues within hours).
 */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h}h ${m % 60}m` : `${h}h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d}d ${h % 24}h` : `${d}d`;
}

const HOUR = 3600;

/** Under an hour: fine; under four: watch; under a day: late; older: overdue. */
export function ageColor(seconds: number): 'teal' | 'yellow' | 'orange' | 'red' {
  if (seconds < HOUR) return 'teal';
  if (seconds < 4 * HOUR) return 'yellow';
  if (seconds < 24 * HOUR) return 'orange';
  return 'red';
}
