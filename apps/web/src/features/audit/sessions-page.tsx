import { PAGE_SIZES, type StaffSession } from '@brokerdesk/contract';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMemo } from 'react';
import { errorsOf } from '../../shared/api.ts';
import { confirmAction } from '../../shared/confirm-modal.tsx';
import {
  DataTable,
  listDefaults,
  RowLink,
  useLocalList,
  type DataTableColumn,
  type LocalFields,
} from '../../shared/data-table/index.ts';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { clearSession } from '../../shared/session.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useEndSession, useStaffSessions } from './audit-queries.ts';
import { hasRole, useStaffRole } from './staff-role.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

const LIST = listDefaults(PAGE_SIZES.users, {
  sortField: 'lastActiveAt',
  sortOrder: 'desc',
  sortFields: ['name', 'email', 'createdAt', 'lastActiveAt', 'ip'],
  filterFields: ['name'],
});

const FIELDS: LocalFields<StaffSession> = {
  name: (s) => `${s.name} ${s.email}`,
  email: (s) => s.email,
  createdAt: (s) => s.createdAt,
  lastActiveAt: (s) => s.lastActiveAt,
  ip: (s) => s.ip,
};

/** The staff member's actions in the audit trail (its Staff filter). */
const auditOf = (s: StaffSession) => `/audit?${new URLSearchParams({ 'f.actorId': s.userId })}`;

const device = (s: StaffSession) => [s.deviceType, s.browserName].filter(Boolean).join(' · ');

/** /sessions (SYSOP): who is signed in, since when, from where; any session can be ended. */
export function SessionsPage() {
  usePageTitle('Staff Sessions');
  const role = useStaffRole();
  const sysop = hasRole(role, 'SYSOP');
  const query = useStaffSessions(sysop);
  const { table } = useLocalList(LIST, query, query.data, FIELDS);
  const end = useEndSession();

  const columns = useMemo<DataTableColumn<StaffSession>[]>(() => {
    const endOne = async (s: StaffSession) => {
      const confirmed = await confirmAction({
        title: 'End session',
        message: s.current
          ? 'This is your own session: you will be signed out at once.'
          : `End ${s.name}'s session? They are signed out at once and must sign in again.`,
        confirmLabel: 'End session',
        danger: true,
      });
      if (!confirmed) return;
      end.mutate(s.sessionId, {
        onSuccess: (reply) => {
          showSuccessNotice(reply.message);
          if (reply.loggedOut) clearSession();
        },
        onError: (error) => showErrorNotice(Object.values(errorsOf(error))[0]),
      });
    };
    return [
      {
        id: 'name',
        header: 'Staff',
        cell: (s) => (
          <Group gap={6} wrap="nowrap">
            <RowLink to={auditOf(s)} inherit title={`${s.email}: what ${s.name} did, in the audit trail`}>
              {s.name}
            </RowLink>
            <Badge size="xs" variant="light" color={s.role === 'SYSOP' ? 'grape' : 'blue'}>
              {s.role}
            </Badge>
            {s.current && (
              <Badge size="xs" variant="outline">
                you
              </Badge>
            )}
          </Group>
        ),
        sortable: true,
        filter: { kind: 'text', placeholder: 'Name or email' },
      },
      { id: 'email', header: 'Email', cell: (s) => s.email, sortable: true, defaultHidden: true },
      {
        id: 'createdAt',
        header: 'Signed in',
        cell: (s) => <EpochTime seconds={s.createdAt} />,
        sortable: true,
      },
      {
        id: 'lastActiveAt',
        header: 'Last activity',
        cell: (s) => <EpochTime seconds={s.lastActiveAt} />,
        sortable: true,
        sortDescFirst: true,
      },
      { id: 'expiresAt', header: 'Ends at the latest', cell: (s) => <EpochTime seconds={s.expiresAt} /> },
      { id: 'ip', header: 'IP address', cell: (s) => s.ip, sortable: true },
      { id: 'device', header: 'Device', cell: device },
      {
        id: 'actions',
        header: '',
        cell: (s) => (
          <Button
            size="compact-xs"
            color="red"
            variant="light"
            leftSection={<IconLogout size={14} />}
            onClick={() => void endOne(s)}
            loading={end.isPending && end.variables === s.sessionId}
            aria-label={`End session of ${s.name}`}
          >
            End session
          </Button>
        ),
        width: 130,
      },
    ];
  }, [end]);

  if (!sysop) {
    return (
      <Stack gap="md">
        <Title order={2}>Staff Sessions</Title>
        <Alert color="yellow" variant="light">
          Only a SYSOP can see and end staff sessions.
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>Staff Sessions</Title>
      <DataTable
        label="Staff Sessions"
        listId="sessions"
        columns={columns}
        rowKey={(s) => s.sessionId}
        {...table}
        minWidth={1000}
        emptyText="No staff member is signed in."
      />
      <Text size="xs" c="dimmed">
        Sessions still accepted: signed in within 12 hours and active within the idle limit. Ending one signs
        its staff member out at once; every ending is recorded in the audit trail.
      </Text>
    </Stack>
  );
}
