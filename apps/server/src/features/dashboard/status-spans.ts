import type { StatusSpan } from '@brokerdesk/contract';

export const DAY_SECONDS = 86_400;

type Change = { status: string; at: number };

/**
 * The last 24 hours of a platform as stretches of one status, from its status changes: the change
 * before the window sets the status the window opens with; before the first change nothing is known.
 * The last stretch runs to `now` (the status as last seen).
 */
export function statusSpans(now: number, changesOldestFirst: Change[], before: Change | null): StatusSpan[] {
  const from = now - DAY_SECONDS;
  const points = [
    ...(before ? [{ status: before.status, at: from }] : []),
    ...changesOldestFirst.filter((c) => c.at >= from && c.at <= now),
  ];
  const spans: StatusSpan[] = [];
  points.forEach((p, i) => {
    const to = points[i + 1]?.at ?? now;
    const last = spans.at(-1);
    if (last && last.status === p.status) last.to = to;
    else if (to > p.at) spans.push({ status: p.status, from: p.at, to });
  });
  return spans;
}

/** The share of the known time spent OK, or null when no time is known. */
export function uptimeOf(spans: StatusSpan[]): number | null {
  const total = spans.reduce((s, x) => s + (x.to - x.from), 0);
  if (total === 0) return null;
  const ok = spans.filter((x) => x.status === 'OK').reduce((s, x) => s + (x.to - x.from), 0);
  return ok / total;
}
