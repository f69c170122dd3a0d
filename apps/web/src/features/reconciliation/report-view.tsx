import {
  FUNDING_LEG_LABELS,
  MISMATCH_LABELS,
  RECONCILIATION_DETAIL_CAP,
  type ReconciliationMismatch,
  type ReconciliationReportDetail,
} from '@brokerdesk/contract';
import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DataTable,
  listDefaults,
  pageLocally,
  useUrlListState,
  type DataTableColumn,
  type LocalFields,
} from '../../shared/data-table/index.ts';
import { DetailGrid, DetailItem } from '../../shared/detail-grid.tsx';
import { formatAmount } from '../../shared/formatters.ts';
import { downloadFile } from '../audit/download-file.ts';
import { reconciliationApi } from './reconciliation-api.ts';
import { KIND_COLORS, STATUS_LABELS, formatPeriod, runBy, scopeOf } from './report-labels.ts';
import { requestLink } from './request-link.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { useDownload } from '../../shared/use-download.ts';

type Row = ReconciliationMismatch & { n: number };

const LIST = listDefaults(
  { sizes: [25, 50, 100], initial: 25 },
  { prefix: 'mm', sortFields: ['kind', 'login'], filterFields: ['kind'] },
);

const FIELDS: LocalFields<Row> = {
  kind: (m) => m.kind,
  login: (m) => m.login,
};

const KIND_OPTIONS = Object.entries(MISMATCH_LABELS).map(([value, label]) => ({ value, label }));

const money = (amount: number | null, currency: string) =>
  amount === null ? '—' : `${formatAmount(amount)}${currency ? ` ${currency}` : ''}`;

const Small = ({ children }: { children: ReactNode }) => (
  <Text size="xs" c="dimmed">
    {children}
  </Text>
);

const COLUMNS: DataTableColumn<Row>[] = [
  {
    id: 'kind',
    header: 'Mismatch',
    cell: (m) => (
      <Badge color={KIND_COLORS[m.kind]} variant={m.critical ? 'filled' : 'light'}>
        {MISMATCH_LABELS[m.kind]}
      </Badge>
    ),
    sortable: true,
    filter: { kind: 'select', options: KIND_OPTIONS, placeholder: 'All' },
    width: 135,
  },
  { id: 'login', header: 'Account', cell: (m) => m.login, sortable: true, width: 85 },
  {
    id: 'request',
    header: 'Request',
    cell: (m) => {
      const to = requestLink(m);
      if (!to) return <Small>None names this deal</Small>;
      return (
        <Stack gap={0}>
          <Anchor component={Link} to={to} size="sm">
            {m.leg ? FUNDING_LEG_LABELS[m.leg] : `${m.requestType} (${m.requestStatus ?? 'unknown'})`}
          </Anchor>
          <Code fz="xs">{m.requestId}</Code>
          {m.approvedAt !== null && (
            <Small>
              Approved <EpochTime seconds={m.approvedAt} />
            </Small>
          )}
        </Stack>
      );
    },
    width: 215,
  },
  {
    id: 'client',
    header: 'Client',
    cell: (m) =>
      m.userId ? (
        <Anchor component={Link} to={`/user/profile/${m.userId}`} size="sm">
          {m.clientName || 'Profile'}
        </Anchor>
      ) : (
        ''
      ),
    width: 130,
  },
  {
    id: 'expectedAmount',
    header: 'Expected',
    cell: (m) => money(m.expectedAmount, m.currency),
    align: 'right',
    width: 110,
  },
  {
    id: 'deal',
    header: 'On the platform',
    cell: (m) =>
      m.dealId ? (
        <Stack gap={0} align="flex-end">
          <Text size="sm">{money(m.dealAmount, m.currency)}</Text>
          <Small>
            Deal {m.dealId}, <EpochTime seconds={m.dealTime} />
          </Small>
        </Stack>
      ) : (
        <Text size="sm" c="red.8">
          No deal
        </Text>
      ),
    align: 'right',
    width: 175,
  },
  {
    id: 'note',
    header: 'What it means',
    cell: (m) => (
      <Stack gap={2}>
        <Text size="sm">{m.note}</Text>
        <Small>
          Deal comment{' '}
          <Code fz="xs" style={{ wordBreak: 'break-all' }}>
            {m.comment}
          </Code>
        </Small>
      </Stack>
    ),
    wrap: true,
  },
];

/** A report: what was compared, the outcome, and every mismatch with links to the request and client. */
export function ReportView({ report }: { report: ReconciliationReportDetail }) {
  const list = useUrlListState(LIST);
  const rows = useMemo(() => report.mismatches.map((m, n) => ({ ...m, n })), [report.mismatches]);
  const page = pageLocally(rows, list.state, FIELDS);
  const status = STATUS_LABELS[report.status];

  const exportCsv = useDownload(() =>
    downloadFile(reconciliationApi.exportPath(report._id), 'reconciliation.csv'),
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Reconciliation report">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={3}>
              {scopeOf(report)}, {formatPeriod(report.from, report.to)}
            </Title>
            <Badge color={status.color} size="lg">
              {status.label}
            </Badge>
          </Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} />}
            onClick={exportCsv.start}
            loading={exportCsv.busy}
            disabled={report.status === 'running'}
          >
            Export CSV
          </Button>
        </Group>
        <DetailGrid cols={6}>
          <DetailItem label="Run by">{runBy(report)}</DetailItem>
          <DetailItem label="Finished">
            <EpochTime seconds={report.finishedAt} />
          </DetailItem>
          <DetailItem label="Accounts checked">{report.accountsChecked}</DetailItem>
          <DetailItem label="Movements in the console">{report.legsChecked}</DetailItem>
          <DetailItem label="Deals on the platform">{report.dealsChecked}</DetailItem>
          <DetailItem label="Mismatches">{report.mismatchCount}</DetailItem>
        </DetailGrid>
        {report.status === 'failed' && (
          <Alert color="red" variant="light" title="The run did not finish">
            {report.error}
          </Alert>
        )}
        {report.status === 'ok' && (
          <Alert color="green" variant="light">
            Every approved deposit, withdrawal and transfer leg of the period has its deal on the platform,
            for the same amount, and the platform has no other deal in the period.
          </Alert>
        )}
        {report.mismatchCount > 0 && (
          <>
            {report.mismatchCount > RECONCILIATION_DETAIL_CAP && (
              <Text size="sm" c="dimmed">
                Showing the first {RECONCILIATION_DETAIL_CAP} of {report.mismatchCount} mismatches; the CSV
                export holds them all.
              </Text>
            )}
            <DataTable
              label="Mismatches"
              listId="reconciliation.mismatches"
              columns={COLUMNS}
              list={list}
              rowKey={(m) => String(m.n)}
              rows={page.rows}
              total={page.total}
              withBorder={false}
              emptyText="No mismatch of this kind."
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
