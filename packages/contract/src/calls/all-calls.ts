import type { CallDef } from '../call.ts';
import * as calls from './index.ts';

/** Every call definition, flat: for the access matrix, the bench's coverage and the docs. */
export function allCalls(): CallDef[] {
  return Object.values(calls).flatMap((area) => Object.values(area) as CallDef[]);
}
