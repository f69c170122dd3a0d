import { PAGE_SIZES, type StaffMember } from '@brokerdesk/contract';
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorsOf } from '../../shared/api.ts';
import { confirmAction } from '../../shared/confirm-modal.tsx';
import {
  DataTable,
  listDefaults,
  useLocalList,
  type DataTableColumn,
  type LocalFields,
} from '../../shared/data-table/index.ts';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { hasRole, useStaffRole } from '../audit/staff-role.ts';
import { ChangeRoleModal } from './change-role-modal.tsx';
import { InviteStaffModal } from './invite-staff-modal.tsx';
import { useStaffList, useUpdateStaff } from './staff-queries.ts';
import { PageHeader } from '../../shared/page-header.tsx';

const LIST = listDefaults(PAGE_SIZES.users, {
  sortField: 'role',
  sortOrder: 'desc',
  sortFields: ['name', 'email', 'role', 'status', 'lastSignInAt', 'activeSessions'],
  filterFields: ['name', 'email'],
});

const fullName = (m: StaffMember) => `${m.name} ${m.surname}`.trim();
const FIELDS: LocalFields<StaffMember> = {
  name: fullName,
  email: (m) => m.email,
  role: (m) => m.role,
  status: (m) => m.status,
  lastSignInAt: (m) => m.lastSignInAt ?? 0,
  activeSessions: (m) => m.activeSessions,
};

/** A staff member's role or status as a coloured word. */
function badgeColumn(
  id: 'role' | 'status',
  header: string,
  width: number,
  color: (m: StaffMember) => string,
): DataTableColumn<StaffMember> {
  return {
    id,
    header,
    width,
    cell: (m) => (
      <Badge size="sm" variant="light" color={color(m)}>
        {m[id]}
      </Badge>
    ),
    sortable: true,
  };
}

/**
 * /staff: every ADMIN and SYSOP. A SYSOP invites, changes roles, disables and re-enables; every change
 * ends the member's sessions at once. ADMINs see the list only (the server refuses them the rest).
 */
export function StaffPage() {
  usePageTitle('Staff');
  const sysop = hasRole(useStaffRole(), 'SYSOP');
  const query = useStaffList();
  const { table } = useLocalList(LIST, query, query.data?.staff, FIELDS);
  const update = useUpdateStaff();
  const [inviting, setInviting] = useState(false);
  const [changingRole, setChangingRole] = useState<StaffMember | null>(null);

  const columns = useMemo<DataTableColumn<StaffMember>[]>(() => {
    const toggle = async (m: StaffMember) => {
      const disabling = m.status !== 'disabled';
      const confirmed = await confirmAction({
        title: disabling ? 'Disable staff member' : 'Re-enable staff member',
        message: disabling
          ? `Disable ${fullName(m)}? They are signed out at once and cannot sign in until re-enabled.`
          : `Re-enable ${fullName(m)}? They can sign in again.`,
        confirmLabel: disabling ? 'Disable' : 'Re-enable',
        danger: disabling,
      });
      if (!confirmed) return;
      update.mutate(
        { _id: m._id, status: disabling ? 'disabled' : 'approved' },
        {
          onSuccess: (reply) => showSuccessNotice(reply.message),
          onError: (error) => showErrorNotice(Object.values(errorsOf(error))[0]),
        },
      );
    };
    const base: DataTableColumn<StaffMember>[] = [
      {
        id: 'name',
        header: 'Name',
        cell: fullName,
        sortable: true,
        filter: { kind: 'text', placeholder: 'Name' },
      },
      {
        id: 'email',
        header: 'Email',
        cell: (m) => m.email,
        sortable: true,
        filter: { kind: 'text', placeholder: 'Email' },
      },
      badgeColumn('role', 'Role', 110, (m) => (m.role === 'SYSOP' ? 'grape' : 'blue')),
      badgeColumn('status', 'Status', 120, (m) => (m.status === 'disabled' ? 'red' : 'green')),
      {
        id: 'lastSignInAt',
        header: 'Last sign-in',
        cell: (m) => (m.lastSignInAt === null ? 'Never' : <EpochTime seconds={m.lastSignInAt} />),
        sortable: true,
        sortDescFirst: true,
      },
      {
        id: 'activeSessions',
        header: 'Active sessions',
        cell: (m) =>
          sysop && m.activeSessions > 0 ? (
            <Anchor component={Link} to="/sessions" size="sm">
              {m.activeSessions}
            </Anchor>
          ) : (
            m.activeSessions
          ),
        sortable: true,
        sortDescFirst: true,
      },
    ];
    if (!sysop) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: '',
        width: 230,
        cell: (m) => (
          <Group gap={6} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setChangingRole(m)}
              aria-label={`Change role of ${fullName(m)}`}
            >
              Change role
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color={m.status === 'disabled' ? 'green' : 'red'}
              onClick={() => void toggle(m)}
              loading={update.isPending && update.variables?._id === m._id && !!update.variables.status}
              aria-label={`${m.status === 'disabled' ? 'Re-enable' : 'Disable'} ${fullName(m)}`}
            >
              {m.status === 'disabled' ? 'Re-enable' : 'Disable'}
            </Button>
          </Group>
        ),
      },
    ];
  }, [sysop, update]);

  return (
    <Stack gap="md">
      <PageHeader title="Staff">
        {sysop && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite staff member
          </Button>
        )}
      </PageHeader>
      {!sysop && (
        <Alert color="blue" variant="light">
          Only a SYSOP invites staff or changes their role or status.
        </Alert>
      )}
      <DataTable
        label="Staff"
        listId="staff"
        columns={columns}
        {...table}
        minWidth={1000}
        emptyText="No staff member matches."
      />
      <Text size="xs" c="dimmed">
        Staff are the ADMIN and SYSOP accounts; they never appear in the client lists or search. Every change
        ends the member&apos;s sessions at once and is recorded in the audit trail.
        {sysop && (
          <>
            {' '}
            Each session is listed on{' '}
            <Anchor component={Link} to="/sessions" size="xs" underline="always">
              Staff Sessions
            </Anchor>
            .
          </>
        )}
      </Text>
      {inviting && <InviteStaffModal onClose={() => setInviting(false)} />}
      {changingRole && <ChangeRoleModal member={changingRole} onClose={() => setChangingRole(null)} />}
    </Stack>
  );
}
