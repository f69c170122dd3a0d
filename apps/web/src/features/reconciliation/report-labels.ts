import type { MismatchKind, ReconciliationReport } from '@brokerdesk/contract';
import dayjs from 'dayjs';
import { formatEpoch } from '../../shared/formatters.ts';

export const KIND_COLORS: Record<MismatchKind, string> = {
  missing_deal: 'red',
  extra_deal: 'orange',
  amount_differs: 'yellow',
  duplicate_deal: 'red',
  unapproved_deal: 'red',
};

export const STATUS_LABELS: Record<ReconciliationReport['status'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  ok: { label: 'All clear', color: 'green' },
  mismatches: { label: 'Mismatches', color: 'red' },
  failed: { label: 'Failed', color: 'gray' },
};

/** "Account 500123" or "All live accounts". */
export const scopeOf = (r: Pick<ReconciliationReport, 'login'>) =>
  r.login === null ? 'All live accounts' : `Account ${r.login}`;

/** Who ran it: the staff member, or the daily run. */
export const runBy = (r: Pick<ReconciliationReport, 'trigger' | 'actorName'>) =>
  r.trigger === 'daily' ? 'Daily run' : r.actorName || 'Staff';

/** Whole local days as 'YYYY/MM/DD – YYYY/MM/DD' (one day once); any other period with its times. */
export function formatPeriod(from: number, to: number): string {
  const start = dayjs.unix(from);
  const end = dayjs.unix(to);
  const wholeDays = start.isSame(start.startOf('day')) && end.isSame(end.endOf('day').startOf('second'));
  if (!wholeDays) return `${formatEpoch(from)} – ${formatEpoch(to)}`;
  const day = (d: dayjs.Dayjs) => d.format('YYYY/MM/DD');
  return day(start) === day(end) ? day(start) : `${day(start)} – ${day(end)}`;
}
