import type { Group } from '@brokerdesk/contract';
import { type DataTableColumn, type LocalFields } from '../../shared/data-table/index.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { optionsOf, sortedColumn } from '../../shared/column-kinds.tsx';
import { StatusBadge } from '../../shared/status-badge.tsx';

export const GROUP_COLUMNS: DataTableColumn<Group>[] = [
  sortedColumn(
    'groupId',
    'Group ID',
    (g) => <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{g.groupId}</span>,
    { kind: 'text' },
  ),
  sortedColumn('groupName', 'Group name', (g) => g.groupName, { kind: 'text' }),
  {
    id: 'groupStatus',
    header: 'Status',
    cell: (g) => <StatusBadge status={g.groupStatus} />,
    sortable: true,
    filter: {
      kind: 'select',
      options: optionsOf(['active', 'disabled']),
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
