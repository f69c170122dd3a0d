import { idSchema, type AuditRow } from '@brokerdesk/contract';
import { Button, Code } from '@mantine/core';
import { RowLink, type DataTableColumn } from '../../shared/data-table/index.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

/** The client a record is about: the user it names, or the userId its before or after carries. */
export function clientOf(row: AuditRow): string | null {
  const inside = (value: unknown) =>
    value && typeof value === 'object' && 'userId' in value ? (value as { userId: unknown }).userId : null;
  const candidate = row.entity === 'user' ? row.entityId : (inside(row.after) ?? inside(row.before));
  return idSchema.safeParse(candidate).success ? (candidate as string) : null;
}

export function auditColumns(onView: (row: AuditRow) => void): DataTableColumn<AuditRow>[] {
  return [
    {
      id: 'at',
      header: 'Time',
      cell: (r) => <EpochTime seconds={r.at} />,
      sortable: true,
      sortDescFirst: true,
      width: 165,
    },
    {
      id: 'actor',
      header: 'Staff',
      cell: (r) => r.actorName || (r.actorId ? r.actorId : 'System'),
      width: 160,
    },
    { id: 'action', header: 'Action', cell: (r) => <Code>{r.action}</Code> },
    { id: 'entity', header: 'Entity', cell: (r) => r.entity, width: 140 },
    {
      id: 'entityId',
      header: 'Record',
      cell: (r) => (r.entityId ? <Code>{r.entityId}</Code> : ''),
    },
    {
      id: 'client',
      header: 'Client',
      cell: (r) => {
        const client = clientOf(r);
        return client ? <RowLink to={`/user/profile/${client}`}>Profile</RowLink> : '';
      },
      width: 80,
    },
    { id: 'ip', header: 'IP address', cell: (r) => r.ip, width: 130 },
    {
      id: 'view',
      header: '',
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={(e) => {
            e.stopPropagation();
            onView(r);
          }}
          aria-label={`Before / after of record ${r.id}`}
        >
          Before / after
        </Button>
      ),
      width: 120,
    },
  ];
}
