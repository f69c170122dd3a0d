import type { App } from '../../http/types.ts';
import { bulkRoute } from '../../http/bulk.ts';
import type { DecisionEngine } from './engine.ts';
import type { AnyRequestKind } from './kind.ts';

/**
 * The bulk Approve / Reject of every request kind's list: each row is the row's own decision through
 * the engine (every rule of the kind, four-eyes included), refused unless still open.
 */
export function requestKindRoutes(
  app: App,
  deps: { engine: DecisionEngine; kinds: readonly AnyRequestKind[] },
) {
  for (const kind of deps.kinds) {
    bulkRoute(
      app,
      { call: kind.bulk.call, reasons: kind.wire.reasons },
      {
        approve: (id, staff, reason) => deps.engine.decideRow(kind, id, 'approve', reason, staff),
        reject: (id, staff, reason) => deps.engine.decideRow(kind, id, 'reject', reason, staff),
      },
    );
  }
}
