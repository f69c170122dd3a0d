/** A field of an audit record's before/after, and how it changed. */
export type DiffRow = {
  /** Dotted path into the JSON ('status', 'times.approved', 'items[0].name'); '' for a plain value. */
  path: string;
  before: unknown;
  after: unknown;
  change: 'added' | 'removed' | 'changed' | 'same';
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaf values by path. Empty objects and arrays are leaves of their own, so they still show. */
export function flattenJson(
  value: unknown,
  prefix = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, i) => flattenJson(item, `${prefix}[${i}]`, out));
  } else if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, item] of Object.entries(value))
      flattenJson(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (value !== undefined) {
    out.set(prefix, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Before and after side by side, one row per field: fields of `before` in their order, then fields
 * only `after` has. A record with no before (a creation) is all additions; no after, all removals.
 */
export function diffJson(before: unknown, after: unknown): DiffRow[] {
  const b = before === null || before === undefined ? new Map<string, unknown>() : flattenJson(before);
  const a = after === null || after === undefined ? new Map<string, unknown>() : flattenJson(after);
  const paths = [...b.keys(), ...[...a.keys()].filter((p) => !b.has(p))];
  return paths.map((path) => {
    const inBefore = b.has(path);
    const inAfter = a.has(path);
    const change = !inBefore
      ? 'added'
      : !inAfter
        ? 'removed'
        : same(b.get(path), a.get(path))
          ? 'same'
          : 'changed';
    return { path, before: b.get(path), after: a.get(path), change };
  });
}

/** A value as a cell shows it: text as is, anything else as JSON; nothing as ''. */
export function formatJsonValue(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
