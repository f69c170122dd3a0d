import { countryName, type User, type UserListStatus } from '@brokerdesk/contract';
import {
  filterTypesOf,
  RowLink,
  type ColumnDefaults,
  type DataTableColumn,
} from '../../../shared/data-table/index.ts';
import { EkycBadge, PartnerBadge, UserStatusBadge } from '../components/user-badges.tsx';
import { CRM_OPTIONS, USER_STATUS_OPTIONS, crmLabel } from '../user-labels.ts';
import { EpochTime, TIME_WIDTH } from '../../../shared/time-zone/index.ts';
import { labelledOptions, sortedColumn } from '../../../shared/column-kinds.tsx';

const INLINE_ROW = { display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' } as const;
const DIMMED = { color: 'var(--mantine-color-dimmed)' } as const;

const agentCodeText = (text: string) => (text.includes('*') ? '*' : text.replace(/\D/g, '').slice(0, 9));

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'Individual', label: 'Individual' },
  { value: 'Corporate', label: 'Corporate' },
];

/**
 * The 13 columns of docs/product.md [screen.client-list], headers word for word. The status filter only helps
 * on All Accounts.
 */
export function userColumns(status: UserListStatus): DataTableColumn<User>[] {
  return [
    sortedColumn(
      'status',
      'STATUS',
      (u) => <UserStatusBadge status={u.status} />,
      status === 'all' ? { kind: 'select', options: USER_STATUS_OPTIONS } : undefined,
    ),
    {
      id: 'timestamp',
      header: 'TIME OF REGISTRATION',
      cell: (u) => <EpochTime seconds={u.timestamp} />,
      sortable: true,
      sortDescFirst: true,
      width: TIME_WIDTH,
    },
    sortedColumn('accountType', 'APPLICATION TYPE', (u) => u.accountType, {
      kind: 'select',
      options: ACCOUNT_TYPE_OPTIONS,
    }),
    sortedColumn('name', 'FIRST NAME', (u) => u.name, { kind: 'text' }),
    sortedColumn('surname', 'LAST NAME', (u) => u.surname, { kind: 'text' }),
    { ...sortedColumn('email', 'EMAIL', (u) => u.email, { kind: 'text' }), fitWidth: 190 },
    sortedColumn('country', 'COUNTRY OF RESID.', (u) => countryName(u.country), {
      kind: 'text',
      placeholder: 'Country name',
    }),
    {
      id: 'agentCode',
      header: 'AGENT CODE',
      // Plain elements in cells: a page has a hundred of each, and Mantine's layout components cost
      // far more to render than a styled span.
      cell: (u) => (
        <span style={INLINE_ROW}>
          {u.agentCode ?? ''}
          {u.role === 'PARTNER' && <PartnerBadge />}
        </span>
      ),
      sortable: true,
      // docs/product.md [rules]: a number, or * for partners only. Anything else the server would refuse.
      filter: { kind: 'text', placeholder: 'Code or *', sanitize: agentCodeText },
    },
    {
      id: 'registered',
      header: 'COMPLETE APPLICATION',
      cell: (u) => (u.registered ? 'Completed' : <span style={DIMMED}>Incomplete</span>),
      sortable: true,
      filter: {
        kind: 'tri-state',
        options: labelledOptions({ incomplete: 'Incomplete', completed: 'Completed' }),
      },
    },
    {
      id: 'eKYCApproved',
      header: 'eKYC APPROVED',
      cell: (u) => <EkycBadge user={u} />,
      sortable: true,
      filter: {
        kind: 'tri-state',
        options: labelledOptions({ nonapproved: 'Non-approved', approved: 'Approved', pending: 'Pending' }),
      },
    },
    sortedColumn('hubspotLifecycleId', 'CRM lifecycle', (u) => crmLabel(u.hubspotLifecycleId), {
      kind: 'select',
      options: CRM_OPTIONS,
    }),
    { ...sortedColumn('reason', 'REASON', (u) => u.reason, { kind: 'text' }), wrap: true, fitWidth: 170 },
    {
      id: 'profile',
      header: 'PROFILE',
      cell: (u) => <RowLink to={`/user/profile/${u._id}`}>Profile</RowLink>,
      // The row's way out to the client: held at the right edge like other lists' row actions.
      sticky: 'right',
    },
  ];
}

/**
 * What a narrow screen leaves out first, the least needed first; a wide one shows every column. A
 * one-status tab says the status already; the reason is why a client is pending or rejected, so those
 * tabs keep it longest.
 */
export function userColumnDefaults(status: UserListStatus): ColumnDefaults {
  const rarely = ['accountType', 'agentCode', 'registered'];
  const hidden: Record<UserListStatus, string[]> = {
    all: ['hubspotLifecycleId', ...rarely, 'reason', 'country'],
    new: ['status', 'reason', ...rarely, 'country', 'hubspotLifecycleId'],
    approved: ['status', 'reason', ...rarely, 'country', 'hubspotLifecycleId'],
    pending: ['status', ...rarely, 'country', 'hubspotLifecycleId', 'eKYCApproved'],
    rejected: ['status', 'hubspotLifecycleId', ...rarely, 'country', 'eKYCApproved'],
  };
  return { hidden: hidden[status], keep: ['name', 'surname'] };
}

/** How the server reads each user-list filter; the same for every status. */
export const USER_FILTER_TYPES = filterTypesOf(userColumns('all'));
export const USER_FILTER_FIELDS = Object.keys(USER_FILTER_TYPES);
