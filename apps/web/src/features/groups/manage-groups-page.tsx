import type { Group } from '@brokerdesk/contract';
import { Button, Group as Row, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, toPagedRequest, useLocalList, type ListDefaults } from '../../shared/data-table/index.ts';
import { useLinkedRow } from '../../shared/use-linked-row.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { GROUP_COLUMNS, GROUP_FIELDS, isCopyD } from './group-columns.tsx';
import { GroupModal } from './group-modal.tsx';
import { useGroups } from './group-queries.ts';
import { ExportButton } from '../../shared/export-button.tsx';

/** How the export reads the view's filters (the screen filters its rows itself). */
const GROUP_FILTER_TYPES = { groupId: 'TEXT', groupName: 'TEXT', groupStatus: 'SELECT' } as const;

/** docs/product.md [const.page-sizes] gives groups no page sizes; they take the console's usual 50 or 100. */
const GROUP_LIST: ListDefaults = {
  sizes: [50, 100],
  sizePerPage: 50,
  sortField: 'groupId',
  sortOrder: 'asc',
  sortFields: Object.keys(GROUP_FIELDS),
  filterFields: ['groupId', 'groupName', 'groupStatus'],
};

const groupIdOf = (g: Group) => g.groupId;
const anyGroupId = (id: string) => id.length > 0;

const RED_ROW = { background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' };

/** /manage-groups (docs/product.md [screen.groups]). Click a row to edit or delete it. */
export function ManageGroupsPage() {
  usePageTitle('Manage Groups');
  const query = useGroups();
  const { list, table } = useLocalList(GROUP_LIST, query, query.data, GROUP_FIELDS);
  const [adding, setAdding] = useState(false);
  // The edited group is in the URL (?open=<groupId>): a link opens it, Back closes it. The list is
  // complete on one screen, so a group it lacks does not exist.
  const groups = query.data;
  const editing = useLinkedRow<Group>({
    idOf: groupIdOf,
    wellFormed: anyGroupId,
    loaded: !!groups,
    fromLoaded: (id) => groups?.find((g) => g.groupId === id),
  });

  return (
    <Stack gap="md">
      <Row justify="space-between">
        <Title order={2}>Manage Groups</Title>
        <Row gap="sm">
          <ExportButton list="groups" request={toPagedRequest(list.state, GROUP_FILTER_TYPES)} />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add group
          </Button>
        </Row>
      </Row>
      <DataTable
        label="Groups"
        listId="groups"
        columns={GROUP_COLUMNS}
        rowKey={(g) => g.groupId}
        {...table}
        rowStyle={(g) => (isCopyD(g) ? RED_ROW : undefined)}
        rowTitle={(g) => (isCopyD(g) ? 'Copy flag D' : undefined)}
        onRowClick={editing.open}
        emptyText="No groups."
      />
      <Text size="xs" c="dimmed">
        Click a group to edit or delete it. Red rows have Copy flag D.
      </Text>
      {adding && <GroupModal group={null} onClose={() => setAdding(false)} />}
      {editing.entry && <GroupModal group={editing.entry} onClose={editing.close} />}
    </Stack>
  );
}
