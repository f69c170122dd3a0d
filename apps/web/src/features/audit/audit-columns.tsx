import { AUDIT_ENTITY_LABELS, type AuditRow } from '@brokerdesk/contract';
import { ActionIcon, Code, Text } from '@mantine/core';
import { IconArrowsDiff, IconFilter } from '@tabler/icons-react';
import { RowLink, type DataTableColumn } from '../../shared/data-table/index.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

/** Who acted: the staff member's name, else their id (an account since removed), else the system. */
export const actorOf = (r: AuditRow) => r.actorName || (r.actorId ? r.actorId : 'System');

/** The record in words, linked to where the console shows it. */
export function RecordText({ row }: { row: AuditRow }) {
  if (!row.recordLabel) return null;
  return row.recordLink ? (
    <RowLink to={row.recordLink}>{row.recordLabel}</RowLink>
  ) : (
    <Text span size="sm">
      {row.recordLabel}
    </Text>
  );
}

/**
 * The client by name (linked to the profile) with the email under it, each cut with an ellipsis: both
 * fit a 1366-wide screen in full, where one line would cut the email. The id when the client is gone.
 */
export function ClientText({ row }: { row: AuditRow }) {
  if (!row.clientId) return null;
  if (!row.clientName && !row.clientEmail) {
    return (
      <Text span size="sm" ff="monospace" title="No client has this id any more">
        {row.clientId}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" truncate>
        <RowLink to={`/user/profile/${row.clientId}`}>{row.clientName || row.clientEmail}</RowLink>
      </Text>{' '}
      {row.clientName && row.clientEmail && (
        <Text size="xs" c="dimmed" truncate>
          {row.clientEmail}
        </Text>
      )}
    </>
  );
}

export function auditColumns(actions: {
  onView: (row: AuditRow) => void;
  /** Shows the whole trail of the row's record (its platform operations included). */
  onTrail: (recordId: string) => void;
}): DataTableColumn<AuditRow>[] {
  return [
    {
      id: 'at',
      header: 'Time',
      cell: (r) => <EpochTime seconds={r.at} />,
      sortable: true,
      sortDescFirst: true,
      width: 160,
    },
    { id: 'actor', header: 'Staff', cell: actorOf, width: 120 },
    { id: 'action', header: 'Action', cell: (r) => <Code>{r.action}</Code> },
    {
      id: 'record',
      header: 'Record',
      cell: (r) => (
        <>
          {r.recordId && (
            <ActionIcon
              variant="subtle"
              size="sm"
              mr={4}
              style={{ verticalAlign: 'middle' }}
              onClick={(e) => {
                e.stopPropagation();
                actions.onTrail(r.recordId!);
              }}
              onDoubleClick={(e) => e.stopPropagation()}
              aria-label={`Whole trail of ${r.recordLabel}`}
              title="Show only this record's trail"
            >
              <IconFilter size={14} />
            </ActionIcon>
          )}
          <RecordText row={r} />
        </>
      ),
      wrap: true,
    },
    { id: 'client', header: 'Client', cell: (r) => <ClientText row={r} />, wrap: true },
    {
      id: 'entity',
      header: 'Record kind',
      cell: (r) => AUDIT_ENTITY_LABELS[r.entity] ?? r.entity,
      width: 140,
    },
    {
      id: 'entityId',
      header: 'Record id',
      cell: (r) => (r.entityId ? <Code>{r.entityId}</Code> : ''),
    },
    { id: 'ip', header: 'IP address', cell: (r) => r.ip, width: 130 },
    {
      id: 'view',
      header: '',
      cell: (r) => (
        <ActionIcon
          variant="light"
          onClick={(e) => {
            e.stopPropagation();
            actions.onView(r);
          }}
          aria-label={`Before / after of record ${r.id}`}
          title="Before / after"
        >
          <IconArrowsDiff size={16} />
        </ActionIcon>
      ),
      width: 48,
      // Always on screen, however wide the names make the row.
      sticky: 'right',
    },
  ];
}
