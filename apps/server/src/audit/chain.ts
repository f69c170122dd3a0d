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

/**
 * A value as jsonb will keep it: what JSON.stringify makes of it, parsed back (Dates become strings),
 * with every string and key well-formed (asStoredText). The hash is taken over this, so it covers
 * exactly what the row holds.
 */
export function asStoredJson(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text, (_key, v: unknown) => wellFormedKeys(v)) as unknown);
}

/** A lone surrogate: with the u flag, well-formed pairs never match. */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * Text as the database keeps it: both drivers encode strings as UTF-8, which turns a lone surrogate into
 * U+FFFD. Requests never carry one (http/refuse-bad-text.ts); this keeps the chain true for any caller.
 */
export function asStoredText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

function wellFormedKeys(value: unknown): unknown {
  if (typeof value === 'string') return asStoredText(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (!entries.some(([k]) => asStoredText(k) !== k)) return value;
  const out: Record<string, unknown> = {};
  // defineProperty: a key named __proto__ stays a plain key, as JSON.parse made it.
  for (const [k, v] of entries)
    Object.defineProperty(out, asStoredText(k), {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
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
