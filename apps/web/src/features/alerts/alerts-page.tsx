import { useState } from 'react';
import { Link } from 'react-router';
import { ALERT_RULE_LABELS, type Alert } from '@brokerdesk/contract';
import { Anchor, Button, Group, Loader, Pagination, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMe } from '../../app/shell/system-queries.ts';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { useAssignAlert, useOpenAlerts } from './alerts-queries.ts';
import { ageInWords, requestLabel } from './alert-words.ts';
import { ResolveAlertModal } from './resolve-alert-modal.tsx';

const PAGE_SIZE = 25;

/**
 * /alerts (docs/product.md [screen.alerts]): the open alerts, newest first, each with its client, request,
 * rule, what the rule saw and its age; staff assign one to themselves and resolve it with a note.
 */
export function AlertsPage() {
  usePageTitle('Alerts');
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<Alert | null>(null);
  const alerts = useOpenAlerts(page, PAGE_SIZE);
  const me = useMe();
  const assign = useAssignAlert();
  const total = alerts.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Alerts</Title>
        <Group gap="sm">
          {alerts.data && (
            <Text size="sm" c="dimmed" data-testid="open-alerts-count">
              {total === 1 ? '1 open alert' : `${total} open alerts`}
            </Text>
          )}
          <Anchor component={Link} to="/alerts/settings" size="sm">
            Settings
          </Anchor>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        The rules look at each deposit and withdrawal when it arrives and when it changes. Check the
        client&apos;s money picture, then clear an alert (nothing wrong) or confirm it (a real concern) with a
        note. Approving a request with open alerts needs a note that clears them; a confirmed alert leaves
        Reject only.
      </Text>
      {alerts.isPending && <Loader size="sm" aria-label="Loading" />}
      {alerts.error && <ErrorAlert errors={errorsOf(alerts.error)} />}
      {alerts.data && total === 0 && <Text size="sm">No open alerts.</Text>}
      {alerts.data && total > 0 && (
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Open alerts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Request</Table.Th>
              <Table.Th>Rule</Table.Th>
              <Table.Th>What it saw</Table.Th>
              <Table.Th>Age</Table.Th>
              <Table.Th>Assigned to</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {alerts.data.alerts.map((a) => {
              const mine = a.assignedTo !== null && a.assignedTo === me.data?._id;
              return (
                <Table.Tr key={a.id} data-alert-id={a.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/user/profile/${a.userId}`} size="sm">
                      {a.clientName || a.userId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={a.requestId ?? 'No request'}>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {requestLabel(a.requestType, a.requestId)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td miw={150}>
                    <Text size="sm" fw={600} c="orange.8">
                      {ALERT_RULE_LABELS[a.rule]}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={260}>
                    {/* A wallet address or IBAN is one long word: it may break anywhere rather than widen the page. */}
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {a.summary}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={<EpochTime seconds={a.createdAt} />}>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {ageInWords(a.ageSeconds)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{a.assignedTo ? (mine ? 'You' : a.assignedToName) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    {/* One above the other: the column stays narrow enough for 1366 pixels. */}
                    <Stack gap={6} align="stretch">
                      {!mine && (
                        <Button
                          size="xs"
                          variant="default"
                          loading={assign.isPending && assign.variables === a.id}
                          onClick={() => assign.mutate(a.id)}
                        >
                          Assign to me
                        </Button>
                      )}
                      <Button
                        size="xs"
                        disabled={a.assignedTo !== null && !mine}
                        onClick={() => setResolving(a)}
                      >
                        Resolve
                      </Button>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {total > PAGE_SIZE && (
        <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
      )}
      <ResolveAlertModal alert={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}
