import crypto from 'node:crypto';

/** The prev_hash of the first chained row. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an audit row that its hash covers, as stored (before and after as plain JSON). */
export type ChainedFields = {
  at: number;
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string;
};

/**
 * Canonical JSON (RFC 8785 style): object keys sorted by UTF-16 code units, no whitespace, numbers and
 * strings as JSON.stringify writes them. The same value always gives the same text, whatever the key
 * order a driver or jsonb hands back.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** A value as jsonb will keep it: what JSON.stringify makes of it, parsed back (Dates become strings). */
export function asStoredJson(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}

/**
 * hash = hex SHA-256 of canonical JSON of
 * [prev_hash, at, actor_id, action, entity, entity_id, before, after, ip].
 */
export function chainHash(prevHash: string, r: ChainedFields): string {
  const text = canonicalJson([
    prevHash,
    r.at,
    r.actorId,
    r.action,
    r.entity,
    r.entityId,
    r.before ?? null,
    r.after ?? null,
    r.ip,
  ]);
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
