import type { BulkResult } from '@brokerdesk/contract';
import { Badge, Button, Group, Paper, Progress, Table, Text } from '@mantine/core';
import { summary } from './bulk-run.ts';

export type BulkRun = {
  action: 'approve' | 'reject';
  /** The rows sent, in order, with the names they had on the list. */
  rows: readonly { id: string; label: string }[];
  results: readonly BulkResult[];
  running: boolean;
};

/** While a bulk action runs: how far it got. */
export function BulkProgress({ run }: { run: BulkRun }) {
  const done = run.results.length;
  const total = run.rows.length;
  return (
    <Group gap="sm" wrap="nowrap" aria-live="polite">
      {/* The section is the progressbar: the name goes on it, not on the frame. */}
      <Progress.Root size="lg" style={{ flex: 1 }}>
        <Progress.Section
          value={total === 0 ? 0 : Math.round((done / total) * 100)}
          aria-label="Bulk action progress"
          striped
          animated
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {run.action === 'approve' ? 'Approving' : 'Rejecting'} {done} of {total}
      </Text>
    </Group>
  );
}

/** After a bulk action: each row's result, in the words the row alone would have got. */
export function BulkResults({ run, onClose }: { run: BulkRun; onClose: () => void }) {
  const byId = new Map(run.results.map((r) => [r._id, r]));
  const verb = run.action === 'approve' ? 'Approve' : 'Reject';
  return (
    <Paper withBorder radius="md" p="xs" data-testid="bulk-results">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600} role="status">
          {verb} selected: {summary(run.results)}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onClose}>
          Dismiss
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={400} mah={220} type="native">
        <Table fz="sm" verticalSpacing={4} aria-label="Bulk action results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Request</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.rows.map((row) => {
              const r = byId.get(row.id);
              return (
                <Table.Tr key={row.id} data-result={r ? (r.ok ? 'done' : 'refused') : 'waiting'}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {r && (
                        <Badge size="sm" variant="light" color={r.ok ? 'green' : 'red'}>
                          {r.ok ? 'Done' : 'Refused'}
                        </Badge>
                      )}
                      <Text size="sm">{r ? (r.ok ? (r.message ?? '') : r.error) : 'Not sent'}</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
