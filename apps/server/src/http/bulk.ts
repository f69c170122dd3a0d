import {
  MESSAGES,
  missingReason,
  type bulkRequest,
  type bulkResponse,
  type BulkResult,
  type JsonCall,
  type RequestKindWire,
} from '@brokerdesk/contract';
import type { StaffContext } from '../auth/sessions.ts';
import { AppError, Invalid } from './errors.ts';
import type { App } from './types.ts';
import { requireStaff } from './types.ts';
import { route } from './route.ts';

/** Who acts, with the address the audit rows of some areas keep. */
export type BulkStaff = StaffContext & { ip: string };

/**
 * What one row of a list does on Approve and on Reject: the same service call as the row's own
 * button or update modal, so every rule (state, four-eyes, who may act on whom) is that call's. Each
 * resolves with the service's reply (its `message` is passed on) or throws the error the row alone
 * would have got.
 */
export type BulkRow = {
  approve: (id: string, staff: BulkStaff, reason: string) => Promise<{ message?: string }>;
  reject: (id: string, staff: BulkStaff, reason: string) => Promise<{ message?: string }>;
};

type Log = { error: (o: object, m: string) => void };

/**
 * Runs the rows one after another, each in its own transaction (the service's): a refused row never
 * stops the others, and rows of one call never wait on each other's locks.
 */
export async function runBulk(
  ids: readonly string[],
  one: (id: string) => Promise<{ message?: string }>,
  log: Log,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      const reply = await one(id);
      results.push({ _id: id, ok: true, ...(reply.message ? { message: reply.message } : {}) });
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        const error = Object.values(err.errors)[0] ?? MESSAGES.somethingWrong;
        results.push({ _id: id, ok: false, error, status: err.statusCode });
      } else {
        // A fault of ours: logged with the id, and the row told only the generic words
        // (docs/product.md [messages]).
        log.error({ err, id }, 'bulk row failed');
        results.push({ _id: id, ok: false, error: MESSAGES.somethingWrong, status: 500 });
      }
    }
  }
  return results;
}

/** A list's bulk call: `{ action, ids, reason }` in, one result per id out. */
export type BulkCall = JsonCall & { method: 'POST'; body: typeof bulkRequest; response: typeof bulkResponse };

/**
 * POST `call` `{ action, ids, reason }` → `{ results: [{ _id, ok, message?, error?, status? }] }`.
 * A missing reason refuses the whole call (400, nothing changed), by the kind's comment rule.
 */
export function bulkRoute(
  app: App,
  kind: { call: BulkCall; reasons: RequestKindWire['reasons'] },
  row: BulkRow,
): void {
  route(app, kind.call, async (req) => {
    const { action, ids } = req.body;
    const reason = req.body.reason.trim();
    const needed = missingReason(kind, action, reason);
    if (needed) throw new Invalid({ reason: needed });
    const staff: BulkStaff = { ...requireStaff(req.staff), ip: req.ip };
    const results = await runBulk(ids, (id) => row[action](id, staff, reason), req.log);
    return { results };
  });
}
