import type { DemoCountry } from './countries.ts';
import type { DemoRandom } from './random.ts';
import type { Row, Rows } from './rows.ts';

export type Staff = { id: string; name: string };

/** What the generators share while a seed runs. `rows` is the chunk being filled. */
export type SeedState = {
  r: DemoRandom;
  /** The trading histories' own stream: their draws leave every other row as it was. */
  tradingR: DemoRandom;
  rows: Rows;
  /** Existing ADMIN/SYSOP users, named as approvers; empty means every approval is AUTOMATION. */
  staff: Staff[];
  publicUrl: string;
  nextAccountNumber: number;
  nextAgentCode: number;
  /** Agent codes of the introducers made so far, for referred clients. */
  agentCodes: number[];
  generatedCodes: Set<string>;
};

/** A demo client while its rows are being made; the user row is still changed until inserted. */
export type Client = {
  user: Row<'users'>;
  id: string;
  fullName: string;
  since: number;
  country: DemoCountry;
  currency: 'EUR' | 'GBP' | 'USD';
  preferredType: 'Standard' | 'ECN' | 'Mini FX';
  preferredLeverage: number;
};

export type Account = Row<'trading_accounts'>;

/**
 * A staff member, or null when the database has none. It draws the same random numbers either way, so
 * that the clients of a seed do not depend on whether staff existed beforehand.
 */
export function staffMember(state: SeedState): Staff | null {
  const k = state.r.int(0, 1_000_000);
  return state.staff.length > 0 ? state.staff[k % state.staff.length]! : null;
}

/**
 * Who approved something: a staff id, or '' / '0' for automation (both show as AUTOMATION, as in
 * the records the spec describes).
 */
export function approver(state: SeedState, automationShare: number): string {
  const { r } = state;
  const automatic = r.chance(automationShare);
  const zero = r.chance(0.2);
  const staff = staffMember(state);
  if (!staff || automatic) return zero ? '0' : '';
  return staff.id;
}
