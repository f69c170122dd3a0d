import { and, eq, inArray, isNotNull, notInArray, type SQL } from 'drizzle-orm';
import {
  countryCodesMatching,
  ROLE_RANK,
  type Filter,
  type PagedRequest,
  type UserListStatus,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { Invalid } from '../../http/errors.ts';
import { inList, planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { readPage } from '../../lib/read-page.ts';
import { toWireUser } from './user-row.ts';

/** Roles below ADMIN: clients, partners and moderators. Staff are not clients and are not listed. */
const CLIENT_ROLES = (Object.keys(ROLE_RANK) as (keyof typeof ROLE_RANK)[]).filter(
  (r) => ROLE_RANK[r] < ROLE_RANK.ADMIN,
);

/**
 * docs/product.md [states]: the list flags new, pending and rejected; any other status counts as approved.
 */
function statusCondition(status: UserListStatus): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'approved') return notInArray(users.status, ['new', 'pending', 'rejected']);
  return eq(users.status, status);
}

const LIST: ListSpec = {
  tieBreaker: users.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    ...sortableColumns(users, {
      timestamp: 'number',
      status: 'select',
      accountType: 'select',
      name: 'text',
      surname: 'text',
      email: 'text',
      reason: 'text',
      hubspotLifecycleId: 'select',
      agentCode: agentCodeFilter,
      registered: triState('registered'),
    }),
    country: {
      column: users.country,
      sortable: true,
      // docs/product.md [rule.list-filters]: the country filter matches country names by substring, against
      // the stored codes.
      filter: (f) => inList(users.country, countryCodesMatching(String(f.filterVal))),
    },
    eKYCApproved: { column: users.eKycApproved, sortable: true, filter: ekycFilter },
  },
};

/** A number, or * meaning partners only (docs/product.md [rules]). */
function agentCodeFilter(f: Filter): SQL {
  const v = String(f.filterVal).trim();
  if (v === '*') return and(eq(users.role, 'PARTNER'), isNotNull(users.agentCode))!;
  if (!/^\d{1,9}$/.test(v))
    throw new Invalid({ 'filters.agentCode': 'Enter an agent code number, or * for partners.' });
  return eq(users.agentCode, Number(v));
}

/** Complete application: All (no filter), Incomplete, Completed. */
function triState(field: string) {
  return (f: Filter): SQL => {
    const v = String(f.filterVal);
    if (v === 'completed' || v === 'true') return eq(users.registered, true);
    if (v === 'incomplete' || v === 'false') return eq(users.registered, false);
    throw new Invalid({ [`filters.${field}`]: 'Expected completed or incomplete.' });
  };
}

/** eKYC: All (no filter), Non-approved, Approved, Pending. */
function ekycFilter(f: Filter): SQL {
  switch (String(f.filterVal)) {
    case 'approved':
      return eq(users.eKycApproved, true);
    case 'nonapproved':
      return and(eq(users.eKycApproved, false), eq(users.eKycPending, false))!;
    case 'pending':
      return eq(users.eKycPending, true);
    default:
      throw new Invalid({ 'filters.eKYCApproved': 'Expected approved, nonapproved or pending.' });
  }
}

/** The where and order of a user list view (also what its CSV export runs). */
export function planUserList(status: UserListStatus, req: PagedRequest) {
  return planList(LIST, req, [inArray(users.role, CLIENT_ROLES), statusCondition(status)]);
}

export async function listUsers(db: Db, status: UserListStatus, req: PagedRequest) {
  const plan = planUserList(status, req);
  const { rows, total } = await readPage(db, users, plan);
  return { success: true, clients: rows.map(toWireUser), ...total };
}
