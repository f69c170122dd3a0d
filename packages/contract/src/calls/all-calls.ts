import type { CallDef } from '../call.ts';
import * as calls from './index.ts';

export type CallArea = keyof typeof calls;

/** A call with the names the registry gives it: its area (`calls.<area>`) and its export name. */
export type NamedCall = { area: CallArea; name: string; def: CallDef };

/** What each area holds, in the staff's words: the API docs' tags. */
export const CALL_AREAS: Record<CallArea, string> = {
  accounts: 'Trading accounts, leverage changes and sub-account requests.',
  alerts: "Alerts on clients' money: rules, their thresholds, assignment and resolution.",
  approvals: 'Four-eyes thresholds: amounts above which a second approval is needed.',
  audit: 'The audit trail, document views and staff sessions.',
  auth: 'Sign-in, sign-out and passwords.',
  banks: "Clients' bank accounts and stored documents.",
  bulk: 'Decisions on several requests at once.',
  clients: 'Clients: their profiles, applications, KYC and logs.',
  dashboard: 'The operations dashboard.',
  events: 'Live updates of the open console.',
  evidence: "A client's money picture and the return-to-source proposal of a withdrawal.",
  evidencePack: 'Evidence packs: one client or request, signed, for auditors and regulators.',
  exports: 'CSV exports of the lists.',
  funding: 'Deposits, withdrawals and internal transfers.',
  groups: 'Trading groups.',
  partners: 'Introducers (IB), their codes and requests.',
  reconciliation: 'Reconciliation with the trading platform: reports and alerts.',
  reports: 'Scheduled reports: subscriptions, the kept reports and their PDF and CSV.',
  search: 'The global search.',
  staff: 'Staff members, their roles and invitations.',
  system: 'Probes, counters, platform status and server information.',
  views: 'Saved views and list settings.',
};

/** An area's export that is a call, not a record of calls (calls.bulk.BULK_CALLS indexes its calls by kind). */
function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

/**
 * Every call with its area and export name: the name is the OpenAPI operationId, so a call is named
 * once, where it is exported (docs/decisions.md "The OpenAPI document").
 */
export function namedCalls(): NamedCall[] {
  return (Object.entries(calls) as [CallArea, Record<string, unknown>][]).flatMap(([area, exports]) =>
    Object.entries(exports).flatMap(([name, def]) => (isCall(def) ? [{ area, name, def }] : [])),
  );
}

/** Every call definition, flat: for the access matrix, the bench's coverage and the docs. */
export function allCalls(): CallDef[] {
  return namedCalls().map((c) => c.def);
}
