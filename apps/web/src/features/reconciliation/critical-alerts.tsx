import type { ReconciliationAlert } from '@brokerdesk/contract';
import { Alert, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorsOf } from '../../shared/api.ts';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { useAcknowledgeAlert, useReconciliationAlerts } from './reconciliation-queries.ts';

function AlertRow({ alert, onOpen }: { alert: ReconciliationAlert; onOpen: (reportId: string) => void }) {
  const acknowledge = useAcknowledgeAlert();
  const ack = () =>
    acknowledge.mutate(alert._id, {
      onSuccess: () => showSuccessNotice(`Acknowledged: ${alert.comment} on account ${alert.login}.`),
      onError: (error) => showErrorNotice(Object.values(errorsOf(error))[0]),
    });
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {alert.kind === 'unapproved_deal' ? (
            <>
              Account {alert.login}: a deal under <Code>{alert.comment}</Code> for a request not done
            </>
          ) : (
            <>
              Account {alert.login}: {alert.dealCount} deals under <Code>{alert.comment}</Code>
            </>
          )}
        </Text>
        <Text size="xs">
          Deals {alert.dealIds.join(', ')} · found <EpochTime seconds={alert.foundAt} /> ·{' '}
          <Anchor
            component="button"
            size="xs"
            c="white"
            td="underline"
            onClick={() => onOpen(alert.reportId)}
          >
            open the report
          </Anchor>
        </Text>
      </Stack>
      <Button size="xs" variant="white" color="red" loading={acknowledge.isPending} onClick={ack}>
        Acknowledge
      </Button>
    </Group>
  );
}

/**
 * The open critical mismatches: an operation the console made once that the platform applied more than
 * once, or a deal for a request the console does not count as done. Shown above everything until staff have corrected the balance on the platform and acknowledged
 * it; a new one arrives live (the red badge on Reconciliation counts them).
 */
export function CriticalAlerts({ onOpen }: { onOpen: (reportId: string) => void }) {
  const { data } = useReconciliationAlerts();
  if (!data || data.open === 0) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle />}
      title={`Money moved on the platform that the console does not account for: ${data.open} open`}
    >
      <Stack gap="xs">
        <Text size="sm">
          The platform applied these operations more than once, or holds a deal for a request the console does
          not count as done (after a restore from backup: approve the request again, and it settles with that
          deal). Correct the accounts on the platform where money moved twice, then acknowledge each one. All
          SYSOPs were mailed.
        </Text>
        {data.alerts.map((a) => (
          <AlertRow key={a._id} alert={a} onOpen={onOpen} />
        ))}
      </Stack>
    </Alert>
  );
}
