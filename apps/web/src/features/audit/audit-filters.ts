import { auditClientTextSchema, idSchema, type AuditFilters } from '@brokerdesk/contract';
import dayjs from 'dayjs';

/** The search's filters, as they are kept in the URL (f.actorId=…, f.from=<epoch seconds>, …). */
export const AUDIT_FILTER_FIELDS = [
  'actorId',
  'userId',
  'client',
  'recordId',
  'entity',
  'action',
  'from',
  'to',
] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];
export type RawAuditFilters = Partial<Record<AuditFilterField, string>>;

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

const epoch = (raw: string | undefined) => {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
};
const id = (raw: string | undefined) => (idSchema.safeParse(raw?.trim()).success ? raw!.trim() : undefined);
const text = (raw: string | undefined) => (raw?.trim() ? raw.trim().slice(0, 64) : undefined);
const clientText = (raw: string | undefined) => {
  const parsed = auditClientTextSchema.safeParse(raw ?? '');
  return parsed.success ? parsed.data : undefined;
};

/**
 * The record id in what was pasted: a bare id, or a platform operation's key as the old screens and the
 * platform's deal comments show it (`wd:<id>`, `dep:<id>:2`). Null when it holds none.
 */
export function recordIdIn(pasted: string): string | null {
  const found = /(?:^|[^0-9a-f])([0-9a-f]{24})(?![0-9a-f])/i.exec(pasted.trim());
  return found ? found[1]!.toLowerCase() : null;
}

/**
 * The URL's filter values as the search call takes them. Values the server would refuse (an id of the
 * wrong shape, a time that is not a number) are left out; a start after the end drops the end.
 */
export function toAuditFilters(raw: Readonly<Record<string, string>>): AuditFilters {
  const filters: AuditFilters = {
    actorId: id(raw.actorId),
    userId: id(raw.userId),
    client: clientText(raw.client),
    recordId: id(raw.recordId),
    entity: text(raw.entity),
    action: text(raw.action),
    from: epoch(raw.from),
    to: epoch(raw.to),
  };
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) delete filters.to;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as AuditFilters;
}

/** Epoch seconds as a datetime-local input's value, in the staff member's time zone. */
export function epochToLocalInput(seconds: string | undefined): string {
  const n = epoch(seconds);
  return n === undefined ? '' : dayjs.unix(n).format(LOCAL_INPUT);
}

/**
 * A datetime-local value as epoch seconds. The end of a range covers its whole minute, so "to 10:15"
 * includes what happened at 10:15:40.
 */
export function localInputToEpoch(value: string, end = false): string | undefined {
  if (!value) return undefined;
  const t = dayjs(value);
  if (!t.isValid()) return undefined;
  return String(t.unix() + (end ? 59 : 0));
}
