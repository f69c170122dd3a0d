import {
  ALERT_RULE_LABELS,
  MISMATCH_LABELS,
  REPORT_QUEUE_LABELS,
  type AlertRule,
  type MismatchKind,
} from '@brokerdesk/contract';

/** How the report's PDF and CSV name things and write numbers, times and ages. */

const METHODS: Record<string, string> = {
  card: 'Card',
  ewallet: 'E-wallet',
  wire: 'Bank wire',
  crypto: 'Crypto',
  others: 'Other methods',
};
export const methodWords = (method: string) => METHODS[method] ?? (method || 'Not given');
export const queueWords = (queue: string) => REPORT_QUEUE_LABELS[queue] ?? queue;
export const ruleWords = (rule: string) => ALERT_RULE_LABELS[rule as AlertRule] ?? rule;
export const mismatchWords = (kind: string) => MISMATCH_LABELS[kind as MismatchKind] ?? kind;

const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1,234.56; a negative amount with a minus sign. */
export const amountWords = (n: number) => money.format(n);
export const countWords = (n: number) => n.toLocaleString('en-GB');

/** "14 Mar 2026, 09:12 (Europe/London)" style, in the report's time zone. */
export function timeWords(at: number, timeZone: string): string {
  return new Date(at * 1000).toLocaleString('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "1 October 2026", the calendar day of an instant in the zone. */
export function dayWords(at: number, timeZone: string): string {
  return new Date(at * 1000).toLocaleDateString('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** How long something has waited: "3 d 4 h", "5 h 10 min", "12 min". */
export function ageWords(seconds: number): string {
  const s = Math.max(0, seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min`;
}
