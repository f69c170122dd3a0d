import { AUDIT_ENTITY_LABELS, type AuditRow } from '@brokerdesk/contract';
import { Badge, Group, Modal, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DetailGrid, DetailItem } from '../../shared/detail-grid.tsx';
import { diffJson, formatJsonValue, type DiffRow } from './json-diff.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { actorOf, ClientText, RecordText } from './audit-columns.tsx';

const TONES: Record<DiffRow['change'], { bg?: string; label: string; color: string }> = {
  changed: { bg: 'var(--mantine-color-yellow-0)', label: 'changed', color: 'yellow' },
  added: { bg: 'var(--mantine-color-green-0)', label: 'added', color: 'green' },
  removed: { bg: 'var(--mantine-color-red-0)', label: 'removed', color: 'red' },
  same: { label: 'same', color: 'gray' },
};

/** Who, what, when of one audit record, and its before and after side by side, changes highlighted. */
export function AuditRecordModal({ row, onClose }: { row: AuditRow; onClose: () => void }) {
  const rows = useMemo(() => diffJson(row.before, row.after), [row]);
  const changes = rows.filter((r) => r.change !== 'same').length;
  const [showSame, setShowSame] = useState(false);
  const shown = showSame || changes === 0 ? rows : rows.filter((r) => r.change !== 'same');

  return (
    <Modal opened onClose={onClose} title={`Audit record #${row.id}`} size="xl" centered>
      <Stack gap="md">
        <DetailGrid cols={3}>
          <DetailItem label="Time">
            <EpochTime seconds={row.at} />
          </DetailItem>
          <DetailItem label="Staff">{actorOf(row)}</DetailItem>
          <DetailItem label="Action">{row.action}</DetailItem>
          <DetailItem label="Record">
            <RecordText row={row} />
          </DetailItem>
          <DetailItem label="Client">{row.clientId ? <ClientText row={row} /> : null}</DetailItem>
          <DetailItem label="IP address">{row.ip}</DetailItem>
          <DetailItem label="Record kind">{AUDIT_ENTITY_LABELS[row.entity] ?? row.entity}</DetailItem>
          <DetailItem label="Record id">
            {row.entityId && (
              <Text span size="sm" ff="monospace">
                {row.entityId}
              </Text>
            )}
          </DetailItem>
        </DetailGrid>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Before and after{' '}
            <Text span c="dimmed" size="sm">
              ({changes === 1 ? '1 field changed' : `${changes} fields changed`})
            </Text>
          </Text>
          {changes > 0 && changes < rows.length && (
            <Switch
              size="sm"
              label="Show unchanged fields"
              checked={showSame}
              onChange={(e) => setShowSame(e.currentTarget.checked)}
            />
          )}
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            This record carries no before or after data.
          </Text>
        ) : (
          <ScrollArea.Autosize mah="55vh" type="auto">
            <Table
              aria-label="Before and after"
              verticalSpacing={4}
              fz="sm"
              withTableBorder
              withColumnBorders
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="25%">Field</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                  <Table.Th w={96}>Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((r) => (
                  <Table.Tr key={r.path} style={{ background: TONES[r.change].bg }}>
                    <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {r.path || '(value)'}
                    </Table.Td>
                    <Cell value={r.before} strike={r.change === 'changed' || r.change === 'removed'} />
                    <Cell value={r.after} />
                    <Table.Td>
                      {r.change !== 'same' && (
                        <Badge size="sm" variant="light" color={TONES[r.change].color} tt="none">
                          {TONES[r.change].label}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}

function Cell({ value, strike = false }: { value: unknown; strike?: boolean }) {
  const text = formatJsonValue(value);
  return (
    <Table.Td
      ff="monospace"
      c={value === undefined ? 'dimmed' : strike ? 'red.8' : undefined}
      style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
    >
      {value === undefined ? '—' : text === '' ? '""' : text}
    </Table.Td>
  );
}
