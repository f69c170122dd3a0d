import type { CallDef } from '../call.ts';
import * as calls from './index.ts';

/** An area's export that is a call, not a record of calls (calls.bulk.BULK_CALLS indexes its calls by kind). */
function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

/** Every call definition, flat: for the access matrix, the bench's coverage and the docs. */
export function allCalls(): CallDef[] {
  return Object.values(calls).flatMap((area) => Object.values(area).filter(isCall));
}
