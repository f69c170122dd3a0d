import type { Group } from '@brokerdesk/contract';
import { CellBadge, type DataTableColumn, type LocalFields } from '../../shared/data-table/index.ts';
import { statusColor } from '../../shared/status-colors.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

export const GROUP_COLUMNS: DataTableColumn<Group>[] = [
  {
    id: 'groupId',
    header: 'Group ID',
    cell: (g) => <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{g.groupId}</span>,
    sortable: true,
    filter: { kind: 'text' },
  },
  {
    id: 'groupName',
    header: 'Group name',
    cell: (g) => g.groupName,
    sortable: true,
    filter: { kind: 'text' },
  },
  {
    id: 'groupStatus',
    header: 'Status',
    cell: (g) => (
      <CellBadge color={statusColor(g.groupStatus)} uppercase>
        {g.groupStatus}
      </CellBadge>
    ),
    sortable: true,
    filter: {
      kind: 'select',
      options: [
        { value: 'active', label: 'active' },
        { value: 'disabled', label: 'disabled' },
      ],
    },
    width: 140,
  },
  {
    id: 'timestamp',
    header: 'Added',
    cell: (g) => <EpochTime seconds={g.timestamp} />,
    sortable: true,
    sortDescFirst: true,
    width: 190,
  },
];

/** The list is sorted, filtered and paged here: the API returns all groups at once. */
export const GROUP_FIELDS: LocalFields<Group> = {
  groupId: (g) => g.groupId,
  groupName: (g) => g.groupName,
  groupStatus: (g) => g.groupStatus,
  timestamp: (g) => g.timestamp,
};

/** docs/product.md [screen.groups]: rows with Copy flag D are shown red. */
export function isCopyD(group: Group): boolean {
  return group.copy.trim().toUpperCase() === 'D';
}
