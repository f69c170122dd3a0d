import type { AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FundingApproval, RequestKindWire } from '@brokerdesk/contract';
import type { BulkCall } from '../../http/bulk.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import type { KindDeps } from './deps.ts';
import type { ExportableListDef } from '../exports/registry.ts';

/**
 * The server half of a request kind: its table, how a decision changes one of its rows, what the
 * record of a decision says, and what follows the commit. The decision engine (engine.ts) runs every
 * kind the same way: the comment rule, the row lock, the decision, the client log line and the audit
 * row, the worker's wake-up, the client's notice. docs/architecture.md "Add a request kind".
 */

/** Who decides, with the address some audit rows keep. */
export type DecisionStaff = StaffContext & { ip?: string };

/** Every decision names its request, the status chosen and a comment; a kind adds its own fields. */
export type DecisionInput = { id: string; status: string; comment: string };

/** A decision in progress, inside its transaction with the request's row locked. */
export type DecisionContext<Row, In extends DecisionInput> = {
  tx: Tx;
  before: Row;
  input: In;
  staff: DecisionStaff;
  now: number;
  deps: KindDeps;
};

/** What a decision did, for its record, its notice and its reply. */
export type Decided<Row> = {
  after: Row;
  /** The audit action after the kind's prefix: 'approve-process', 'rejected', 'retry' ... */
  action: string;
  /** The client log line. */
  event: string;
  /** The client hears of it (after the commit). */
  notify?: boolean;
  /** The reply's words when not the kind's usual ones (a first approval under four-eyes ...). */
  message?: string;
  approval?: FundingApproval | null;
  /** Facts the audit row's `after` keeps beside the row (an operation key, the approval). */
  auditAfter?: Record<string, unknown>;
  /** Facts the reply carries beside the row (the agent code an approval gave). */
  replyExtra?: Record<string, unknown>;
};

export type RequestKind<Row, In extends DecisionInput, Reply> = {
  wire: RequestKindWire;
  table: PgTable;
  /** The id column the decision locks the row by. */
  id: AnyColumn;
  /** The refusal when no row has the id. */
  notFound: string;
  /** The row's id (the audit row's entity id) and status. */
  rowId: (row: Row) => string;
  status: (row: Row) => string;
  userId: (row: Row) => string;
  /** The audit row: its entity, the prefix of its actions, and the row as the audit keeps it. */
  audit: { entity: string; prefix: string; wire: (row: Row) => unknown; keepsIp?: boolean };
  /** Refusals that need the kind's own input checks, before anything is read. */
  check?: (input: In) => void;
  /**
   * Refusals read outside the transaction (the trading platform, who may act on whom), before the
   * row is locked.
   */
  beforeDecision?: (input: In, deps: KindDeps, staff: DecisionStaff) => Promise<void>;
  /** Finds and locks the row when the input does not name it by id (an IB request by its client). */
  lock?: (tx: Tx, input: In) => Promise<Row | undefined>;
  /** The decision under the row lock: plan, four-eyes, write, enqueue the platform's work. */
  decide: (ctx: DecisionContext<Row, In>) => Promise<Decided<Row>>;
  /** After the commit: the client's notice (never fails the decision). */
  notify?: (row: Row, deps: KindDeps) => Promise<void>;
  reply: (row: Row, decided: Decided<Row>) => Reply;
  /**
   * What its sidebar counter (wire.counter) counts: an SQL condition on a row of its table; by default
   * the requests that have just arrived, `status = 'pending'`. Made at start (install.ts).
   */
  counts?: string;
  /** Its list's CSV export (wire.exportList names it), planned like the list call. */
  export?: ExportableListDef;
  /**
   * The list's bulk Approve and Reject as the row's own decision: what a row's approve or reject asks
   * (the row as stored is given, to keep its comment or its choices). Rows must still be open.
   */
  bulk: {
    call: BulkCall;
    approve: (row: Row, reason: string) => In;
    reject: (row: Row, reason: string) => In;
  };
};

/**
 * A kind's server definition, checked for shape: `defineRequestKind<Row, Input>()({ ... })`, its
 * reply type kept from its `reply`.
 */
export function defineRequestKind<Row, In extends DecisionInput>() {
  return <Reply>(kind: RequestKind<Row, In, Reply>): RequestKind<Row, In, Reply> => kind;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of kinds of any row and input
export type AnyRequestKind = RequestKind<any, any, unknown>;

/**
 * The parts of a kind whose table has `id`, `status` and `user_id` columns (every kind's does): where
 * its rows are, how one is found, and the refusal when none has the id.
 */
export function requestTable<Row extends { id: string; status: string; userId: string }>(
  table: PgTable & { id: AnyColumn },
  notFound: string,
) {
  return {
    table,
    id: table.id,
    notFound,
    rowId: (row: Row) => row.id,
    status: (row: Row) => row.status,
    userId: (row: Row) => row.userId,
  };
}
