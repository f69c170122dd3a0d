import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { bulkRoute } from '../../http/bulk.ts';
import { route } from '../../http/route.ts';
import { requestAlerts } from '../alerts/gate.ts';
import type { DecisionEngine } from './engine.ts';
import type { AnyRequestKind } from './kind.ts';

/**
 * The bulk Approve / Reject of every request kind's list: each row is the row's own decision through
 * the engine (every rule of the kind, four-eyes and alerts included), refused unless still open. And
 * what a request's update modal reads of its alerts.
 */
export function requestKindRoutes(
  app: App,
  deps: { engine: DecisionEngine; kinds: readonly AnyRequestKind[] },
) {
  const { engine } = deps;
  for (const kind of deps.kinds) {
    bulkRoute(
      app,
      { call: kind.bulk.call, reasons: kind.wire.reasons },
      {
        approve: (id, staff, reason) => engine.decideRow(kind, id, 'approve', reason, staff),
        reject: (id, staff, reason) => engine.decideRow(kind, id, 'reject', reason, staff),
      },
    );
  }
  route(app, calls.alerts.listRequestAlerts, async (req) =>
    requestAlerts(engine.deps.db, req.params.requestType, req.params.requestId, engine.deps.clock.now()),
  );
  // A stopping server lets the after-commit work of its last decisions (the alert rules) finish.
  app.addHook('preClose', () => engine.settled());
}
