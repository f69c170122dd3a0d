import { sql, type SQL } from 'drizzle-orm';

/**
 * `expr` starts with `prefix`, written as a range so that a B-tree index on `expr COLLATE "C"` answers
 * it in index order: in the "C" collation strings compare by code point, so every string starting
 * with p lies in [p, p with its last code point raised by one). Plain parameters, so the plan does not
 * depend on the value being a constant. `expr` must be written exactly as the index is.
 */
export function startsWith(expr: SQL, prefix: string): SQL {
  const upper = upperBound(prefix);
  const lower = sql`${expr} COLLATE "C" >= ${prefix}`;
  return upper === null
    ? sql`(${lower} and starts_with(${expr}, ${prefix}))`
    : sql`(${lower} and ${expr} COLLATE "C" < ${upper})`;
}

/** The smallest string above every string starting with `prefix`; null when there is none to write. */
export function upperBound(prefix: string): string | null {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) return null;
  let next = last.codePointAt(0)! + 1;
  // Surrogates are not characters: step over them.
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  if (next > 0x10ffff) return null;
  return chars.join('') + String.fromCodePoint(next);
}

/** `expr COLLATE "C"`, the order the prefix indexes keep. */
export const inIndexOrder = (expr: SQL): SQL => sql`${expr} COLLATE "C"`;
