import { MESSAGES, type BulkResult } from '@brokerdesk/contract';
import { ApiError } from '../api.ts';

/**
 * Rows per bulk call from the screen: the selection goes in pieces so the progress bar moves as rows
 * are decided (the server takes up to BULK_MAX_IDS in one call).
 */
export const BULK_CHUNK = 10;

export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What a failed call means for each of its rows: a refusal's own words, else 'Something went wrong!'. */
export function failedCall(ids: readonly string[], error: unknown): BulkResult[] {
  const words =
    error instanceof ApiError && error.status >= 400 && error.status < 500
      ? (Object.values(error.errors)[0] ?? MESSAGES.somethingWrong)
      : MESSAGES.somethingWrong;
  const status = error instanceof ApiError ? error.status : 0;
  return ids.map((_id) => ({ _id, ok: false, error: words, status }));
}

/**
 * Sends the ids in pieces, one after another, reporting progress after each. A piece that fails as a
 * whole (network, session) marks its rows refused and the rest still go.
 */
export async function runInChunks(
  ids: readonly string[],
  send: (ids: string[]) => Promise<BulkResult[]>,
  onProgress: (results: readonly BulkResult[]) => void,
  size = BULK_CHUNK,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const piece of chunksOf(ids, size)) {
    try {
      results.push(...(await send(piece)));
    } catch (error) {
      results.push(...failedCall(piece, error));
    }
    onProgress([...results]);
  }
  return results;
}

/** The selection after the page changed: only ids still on it and still selectable. */
export function keepSelectable(selected: readonly string[], selectable: readonly string[]): string[] {
  const here = new Set(selectable);
  return selected.filter((id) => here.has(id));
}

/** The header box: checked when every selectable row is, mixed when some are. */
export function headerState(
  selected: readonly string[],
  selectable: readonly string[],
): 'none' | 'some' | 'all' {
  const count = keepSelectable(selected, selectable).length;
  if (count === 0) return 'none';
  return count === selectable.length ? 'all' : 'some';
}

/** The header box's click: select every selectable row on the page, or none when all were. */
export function toggleAll(selected: readonly string[], selectable: readonly string[]): string[] {
  return headerState(selected, selectable) === 'all' ? [] : [...selectable];
}

export function toggleOne(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** "3 done, 2 refused" for the results' heading. */
export function summary(results: readonly BulkResult[]): string {
  const done = results.filter((r) => r.ok).length;
  const refused = results.length - done;
  return refused === 0 ? `${done} done` : `${done} done, ${refused} refused`;
}
