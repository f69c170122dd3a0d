import {
  REPORT_PAGE_SIZES,
  type ReportRow,
  type ReportStatus,
  type ReportSubscription,
} from '@brokerdesk/contract';
import { Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorsOf } from '../../shared/api.ts';
import { confirmAction } from '../../shared/confirm-modal.tsx';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { PageHeader } from '../../shared/page-header.tsx';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { downloadFile } from '../audit/download-file.ts';
import { hasRole, useStaffRole } from '../audit/staff-role.ts';
import { reportFilePath, useCancelSubscription, useReports, useSubscriptions } from './reports-api.ts';
import { PlainTable, TwoLineCell } from './plain-table.tsx';
import { RunNowModal } from './run-now-modal.tsx';
import { SubscribeModal } from './subscribe-modal.tsx';

const STATUS_COLOR: Record<ReportStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  skipped: 'gray',
};
const FREQUENCY: Record<ReportSubscription['frequency'], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/**
 * /reports (docs/product.md [screen.reports]): the scheduled reports. A SYSOP subscribes staff, runs a
 * subscription's report now for a past period and ends subscriptions; every staff member reads the
 * history and downloads each report's PDF and CSV.
 */
export function ReportsPage() {
  usePageTitle('Reports');
  const sysop = hasRole(useStaffRole(), 'SYSOP');
  const [subscribing, setSubscribing] = useState(false);
  const [running, setRunning] = useState<ReportSubscription | null>(null);
  return (
    <Stack gap="md">
      <PageHeader title="Reports">
        {sysop && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setSubscribing(true)}>
            Subscribe
          </Button>
        )}
      </PageHeader>
      <Text size="sm" c="dimmed">
        Daily, weekly and monthly reports for finance: approved deposits and withdrawals per currency and
        method, queues, decisions per staff member, four-eyes, alerts and reconciliation. Each is mailed to
        its subscriber as a PDF with its figures as CSV, once its period has ended.
      </Text>
      {sysop && <Subscriptions onRun={setRunning} />}
      <History />
      {subscribing && <SubscribeModal onClose={() => setSubscribing(false)} />}
      {running && <RunNowModal subscription={running} onClose={() => setRunning(null)} />}
    </Stack>
  );
}

function Subscriptions({ onRun }: { onRun: (s: ReportSubscription) => void }) {
  const query = useSubscriptions(true);
  const cancel = useCancelSubscription();
  const live = query.data?.subscriptions.filter((s) => s.cancelledAt === null) ?? [];
  const end = async (s: ReportSubscription) => {
    const ok = await confirmAction({
      title: 'End subscription',
      message: `Stop mailing the ${s.frequency} report to ${s.staffName || s.staffEmail}? The reports already sent stay in the history.`,
      confirmLabel: 'End subscription',
    });
    if (!ok) return;
    cancel.mutate(s._id, {
      onSuccess: () => showSuccessNotice('Subscription ended.'),
      onError: (e) => showErrorNotice(Object.values(errorsOf(e))[0]),
    });
  };
  return (
    <PlainTable
      title="Subscriptions"
      label="Subscriptions"
      error={query.error}
      headers={['Staff member', 'Report', 'Time zone', 'Last sent', 'Subscribed by', '']}
      rows={live}
      rowKey={(s) => s._id}
      loading={query.isPending}
      empty="Nobody is subscribed yet."
      row={(s) => (
        <>
          <TwoLineCell main={s.staffName || s.staffEmail} sub={s.staffEmail} />
          <Table.Td>{FREQUENCY[s.frequency]}</Table.Td>
          <Table.Td>{s.timeZone}</Table.Td>
          <Table.Td>
            {s.lastSent ? (
              s.lastSent.label
            ) : (
              <Text c="dimmed" size="sm">
                Not yet
              </Text>
            )}
          </Table.Td>
          <Table.Td>{s.createdBy}</Table.Td>
          <Table.Td>
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => onRun(s)}
              >
                Run now
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void end(s)}>
                End
              </Button>
            </Group>
          </Table.Td>
        </>
      )}
    />
  );
}

function History() {
  const [page, setPage] = useState(1);
  const sizePerPage = REPORT_PAGE_SIZES.initial;
  const query = useReports({ page, sizePerPage });
  const rows = query.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.totalSize ?? 0) / sizePerPage));
  const download = (r: ReportRow, kind: 'pdf' | 'csv') =>
    downloadFile(reportFilePath(r._id, kind), `report.${kind}`).catch((e: unknown) =>
      showErrorNotice(Object.values(errorsOf(e))[0]),
    );
  return (
    <PlainTable
      title="History"
      label="Report history"
      error={query.error}
      headers={['Period', 'Report', 'Sent to', 'Status', 'Sent', '']}
      rows={rows}
      rowKey={(r) => r._id}
      loading={query.isPending}
      empty="No report has been made yet."
      row={(r) => (
        <>
          <TwoLineCell main={r.period.label} sub={r.period.timeZone} />
          <Table.Td>
            {FREQUENCY[r.period.frequency]}
            {r.trigger === 'manual' && (
              <Text size="xs" c="dimmed">
                Run now by {r.requestedBy}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{r.staffName || r.staffEmail}</Text>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="light" color={STATUS_COLOR[r.status]} title={r.error || undefined}>
              {r.status}
            </Badge>
          </Table.Td>
          <Table.Td>
            <EpochTime seconds={r.sentAt} />
          </Table.Td>
          <Table.Td>
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {(['pdf', 'csv'] as const).map((kind) => (
                <Button
                  key={kind}
                  size="xs"
                  variant={kind === 'pdf' ? 'light' : 'default'}
                  leftSection={<IconDownload size={14} />}
                  disabled={r.madeAt === null}
                  onClick={() => void download(r, kind)}
                  aria-label={`Download the ${kind.toUpperCase()} of ${r.period.label}`}
                >
                  {kind.toUpperCase()}
                </Button>
              ))}
            </Group>
          </Table.Td>
        </>
      )}
    >
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="sm" />}
    </PlainTable>
  );
}
