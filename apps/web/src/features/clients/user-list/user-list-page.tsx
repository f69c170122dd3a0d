import {
  PAGE_SIZES,
  USER_LIST_SORT_FIELDS,
  USER_LIST_STATUSES,
  USER_LIST_TITLES,
  type UserListStatus,
} from '@brokerdesk/contract';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  toPagedRequest,
  useUrlListState,
  withColumnDefaults,
} from '../../../shared/data-table/index.ts';
import { ExportButton } from '../../../shared/export-button.tsx';
import { NotFoundPage } from '../../../shared/not-found-page.tsx';
import { useModalParam } from '../../../shared/use-modal-param.ts';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useRouteStatus } from '../../../shared/use-route-status.ts';
import { useClientProfile } from '../client-queries.ts';
import { approvedWithoutAccount } from '../user-labels.ts';
import { USER_FILTER_FIELDS, USER_FILTER_TYPES, userColumnDefaults, userColumns } from './user-columns.tsx';
import { useUserList } from './user-list-query.ts';
import { PageHeader } from '../../../shared/page-header.tsx';

/**
 * The edit modal and its many inputs load on the first double-click, not with the list: the list is the
 * first screen after sign-in, and its JavaScript counts toward the first-load budget
 * (docs/product.md [perf.web]: 300 KB).
 */
const EditUserModal = lazy(async () => ({
  default: (await import('../user-edit/edit-user-modal.tsx')).EditUserModal,
}));

/** docs/product.md [screen.client-list], [const.page-sizes]: 50 or 100 rows, newest registrations first. */
const LIST_DEFAULTS = listDefaults(PAGE_SIZES.users, {
  sortField: 'timestamp',
  sortOrder: 'desc',
  sortFields: USER_LIST_SORT_FIELDS,
  filterFields: USER_FILTER_FIELDS,
});

const RED_ROW = { background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' };
const RED_ROW_TITLE = 'Approved, but no trading account has been created yet';

/** /users/:status. */
export function UserListPage() {
  const status = useRouteStatus(USER_LIST_STATUSES);
  if (!status) return <NotFoundPage />;
  // A new status is a new screen: no edit modal carries over.
  return <UserList key={status} status={status} />;
}

function UserList({ status }: { status: UserListStatus }) {
  const title = USER_LIST_TITLES[status];
  usePageTitle(title);
  const list = useUrlListState(LIST_DEFAULTS);
  const columns = useMemo(
    () => withColumnDefaults(userColumns(status), userColumnDefaults(status)),
    [status],
  );
  const query = useUserList(status, list.state);
  // The edited client's id is the URL's `open` param: a link opens Edit User, Back closes it. A client
  // not on this page is loaded by its profile call.
  const modal = useModalParam();
  const { id: openId, close } = modal;
  const onPage = openId ? query.data?.clients.find((user) => user._id === openId) : undefined;
  const wellFormed = !!openId && /^[0-9a-f]{24}$/.test(openId);
  const profile = useClientProfile(openId ?? '', wellFormed && !onPage);
  const editing = onPage ?? (profile.data && profile.data._id === openId ? profile.data : null);
  const missing = !!openId && !onPage && (!wellFormed || profile.isError);
  useEffect(() => {
    if (missing) close();
  }, [missing, close]);

  return (
    <Stack gap="md">
      <PageHeader title={title}>
        <Group gap="sm">
          <ExportButton
            list="users"
            params={{ status }}
            request={toPagedRequest(list.state, USER_FILTER_TYPES)}
          />
          <Button component={Link} to="/add-user" leftSection={<IconUserPlus size={18} />}>
            Add User
          </Button>
        </Group>
      </PageHeader>
      <DataTable
        label={title}
        listId={`users.${status}`}
        columns={columns}
        list={list}
        {...queryTableProps(query, (data) => ({
          rows: data.clients,
          total: data.totalSize,
          totalCapped: data.totalCapped,
        }))}
        rowStyle={(user) => (approvedWithoutAccount(user) ? RED_ROW : undefined)}
        rowTitle={(user) => (approvedWithoutAccount(user) ? RED_ROW_TITLE : undefined)}
        onRowDoubleClick={(user) => modal.open(user._id)}
        emptyText="No clients match this view."
      />
      <Group gap="lg">
        <Group gap={6}>
          <Box w={14} h={14} bg="red.1" style={{ border: '1px solid var(--mantine-color-red-4)' }} />
          <Text size="xs" c="dimmed">
            Approved, no trading account yet
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Double-click a row to edit the client. The list refreshes every 5 minutes.
        </Text>
        <Text size="xs" c="dimmed">
          Staff (ADMIN, SYSOP) are not listed here: they are managed on the{' '}
          <Anchor component={Link} to="/staff" size="xs" underline="always">
            Staff screen
          </Anchor>
          .
        </Text>
      </Group>
      {editing && (
        <Suspense fallback={null}>
          <EditUserModal user={editing} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
