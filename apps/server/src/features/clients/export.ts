import { countryName, userListStatusSchema } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { Invalid } from '../../http/errors.ts';
import type { ExportColumn, ExportableListDef } from '../exports/registry.ts';
import { planUserList } from './list.ts';

type UserRow = typeof users.$inferSelect;
const iso = (t: number) => new Date(t * 1000).toISOString();

/**
 * The client list's columns (docs/product.md [screen.client-list]) and the rest of what staff filter on,
 * never the password hash.
 */
const COLUMNS: ExportColumn<UserRow>[] = [
  { header: 'Id', value: (u) => u.id },
  { header: 'Registered (UTC)', value: (u) => iso(u.timestamp) },
  { header: 'Name', value: (u) => u.name },
  { header: 'Surname', value: (u) => u.surname },
  { header: 'Email', value: (u) => u.email },
  { header: 'Phone', value: (u) => u.mobilePhone },
  { header: 'Country', value: (u) => countryName(u.country) },
  { header: 'Nationality', value: (u) => countryName(u.nationality) },
  { header: 'Status', value: (u) => u.status },
  { header: 'Role', value: (u) => u.role },
  { header: 'Account type', value: (u) => u.accountType },
  { header: 'Agent code', value: (u) => u.agentCode },
  { header: 'Email verified', value: (u) => u.emailVerified },
  { header: 'eKYC approved', value: (u) => u.eKycApproved },
  { header: 'eKYC pending', value: (u) => u.eKycPending },
  { header: 'Flagged', value: (u) => u.eKycFlagged },
  { header: 'First account created', value: (u) => u.firstAccountCreated },
  { header: 'CRM lifecycle', value: (u) => u.hubspotLifecycleId },
  { header: 'Reason', value: (u) => u.reason },
];

/** /users/{status} as CSV, with the list's own filters and sort. */
export const userListExport: ExportableListDef = {
  plan(db: Db, params, req) {
    const status = userListStatusSchema.safeParse(params.status);
    if (!status.success) throw new Invalid({ 'params.status': 'Unknown user list.' });
    const plan = planUserList(status.data, req);
    return {
      table: users,
      query: db
        .select()
        .from(users)
        .where(plan.where)
        .orderBy(...plan.orderBy),
      columns: COLUMNS as ExportColumn<unknown>[],
      name: `clients-${status.data}`,
    };
  },
};
