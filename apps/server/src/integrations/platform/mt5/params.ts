/**
 * Query parameters of the MT5 Web API. The server splits values on `=`, `|`, `\` and line feed, so
 * inside a value each of those is preceded by a backslash; the result is then URL-encoded (space as
 * %20, never `+`). Group names such as `demo\forex` depend on this.
 */

export type ParamValue = string | number | undefined;
export type Params = Record<string, ParamValue>;

/** Backslash-escapes the characters MT5 treats as separators; the backslash itself goes first. */
export function escapeValue(value: string): string {
  return value.replace(/[\\=|\n]/g, (c) => `\\${c}`);
}

/** One value as it travels in the query string. encodeURIComponent writes a space as %20. */
export function encodeValue(value: string | number): string {
  return encodeURIComponent(escapeValue(String(value)));
}

/** `?a=1&b=x` from the defined entries, in insertion order; '' when none is defined. */
export function buildQuery(params: Params = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeValue(value)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
