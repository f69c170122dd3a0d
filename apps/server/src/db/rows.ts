/** Rows of a raw `db.execute(sql...)` result; both drivers (PGlite and node-postgres) return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
