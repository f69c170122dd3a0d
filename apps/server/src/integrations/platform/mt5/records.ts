import { PlatformError, type PlatformErrorKind } from '../types.ts';
import { isObject } from './reply.ts';

/**
 * Reading MT5 records. Numbers arrive as strings ("26000.00"); a field that cannot be read is a
 * PlatformError of the kind the caller chooses (a lost ticket after a balance call is 'unknown').
 */

export type Mt5Record = Record<string, unknown>;

export function record(value: unknown, what: string, kind: PlatformErrorKind = 'permanent'): Mt5Record {
  if (!isObject(value)) throw new PlatformError(kind, `MT5 ${what}: the reply holds no record`);
  return value;
}

export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

export function num(
  rec: Mt5Record,
  key: string,
  what: string,
  kind: PlatformErrorKind = 'permanent',
): number {
  const raw = rec[key];
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) throw new PlatformError(kind, `MT5 ${what}: ${key} is not a number`);
  return n;
}

export function text(rec: Mt5Record, key: string): string {
  const raw = rec[key];
  return typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
}

/** The first present key: the deal comment's key name is unconfirmed in the documentation. */
export function firstText(rec: Mt5Record, keys: string[]): string {
  for (const k of keys) if (rec[k] !== undefined) return text(rec, k);
  return '';
}
