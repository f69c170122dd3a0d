import {
  AUDIT_CLIENT_MATCHES,
  AUDIT_PAGE_SIZES,
  type AuditRow,
  type AuditSearchResponse,
} from '@brokerdesk/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  withColumnDefaults,
} from '../../shared/data-table/index.ts';
import { parseListState, writeListState } from '../../shared/data-table/list-state.ts';
import { useDownload } from '../../shared/use-download.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { auditExportPath } from './audit-api.ts';
import { auditColumns } from './audit-columns.tsx';
import { AUDIT_FILTER_FIELDS, toAuditFilters, type RawAuditFilters } from './audit-filters.ts';
import { useAuditSearch } from './audit-queries.ts';
import { AuditRecordModal } from './audit-record-modal.tsx';
import { AuditSearchForm } from './audit-search-form.tsx';
import { ChainStatus } from './chain-status.tsx';
import { SealsPanel } from './seals-panel.tsx';
import { downloadFile } from './download-file.ts';
import { hasRole, useStaffRole } from './staff-role.ts';
import { PageHeader } from '../../shared/page-header.tsx';

/** Newest first, 50 or 100 rows; the filters live in the URL with the page. */
const LIST_DEFAULTS = listDefaults(AUDIT_PAGE_SIZES, {
  sortField: 'at',
  sortOrder: 'desc',
  sortFields: ['at'],
  filterFields: AUDIT_FILTER_FIELDS,
});

/** /audit (ADMIN and above): every change and sign-in, searchable, each with its before and after. */
export function AuditPage() {
  usePageTitle('Audit Trail');
  const role = useStaffRole();
  const list = useUrlListState(LIST_DEFAULTS);
  const [, setParams] = useSearchParams();
  const { state } = list;
  const filters = useMemo(() => toAuditFilters(state.filters), [state.filters]);
  const query = useAuditSearch({
    page: state.page,
    sizePerPage: state.sizePerPage,
    sortField: 'at',
    sortOrder: state.sortOrder,
    filters,
  });
  const [viewing, setViewing] = useState<AuditRow | null>(null);

  // All filters at once, back to page 1: one history entry per search.
  const search = useCallback(
    (values: RawAuditFilters) =>
      setParams(
        (current) => {
          const now = parseListState(current, LIST_DEFAULTS);
          const next = Object.fromEntries(
            Object.entries(values).filter(([, v]) => v !== undefined && v !== ''),
          );
          return writeListState(current, { ...now, page: 1, filters: next }, LIST_DEFAULTS);
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  // The kind and id of the record, the IP address: in the chooser and the record's modal, so that a
  // laptop screen (1366 px wide) fits the names and labels.
  const columns = useMemo(
    () =>
      withColumnDefaults(auditColumns({ onView: setViewing, onTrail: (recordId) => search({ recordId }) }), {
        hidden: ['entity', 'entityId', 'ip'],
      }),
    [search],
  );

  const exportCsv = useDownload(() => downloadFile(auditExportPath(filters), 'audit.csv'));

  return (
    <Stack gap="md">
      <PageHeader title="Audit Trail">
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          onClick={exportCsv.start}
          loading={exportCsv.busy}
        >
          Export CSV
        </Button>
      </PageHeader>
      <ChainStatus canVerify={hasRole(role, 'SYSOP')} />
      <SealsPanel isSysop={hasRole(role, 'SYSOP')} />
      <AuditSearchForm key={JSON.stringify(state.filters)} values={state.filters} onSearch={search} />
      {query.data?.clientMatches && <ClientMatches matches={query.data.clientMatches} />}
      <DataTable
        label="Audit Trail"
        listId="audit"
        columns={columns}
        list={list}
        rowKey={(r) => String(r.id)}
        {...queryTableProps(query, (data) => ({ rows: data.rows, total: data.totalSize }))}
        onRowDoubleClick={setViewing}
        emptyText="No audit records match this search."
      />
      <Text size="xs" c="dimmed">
        Records cannot be changed or deleted; each is chained to the one before it by its hash. Names, amounts
        and links are read as the page is shown, never stored in the records. Double-click a row, or use its
        Before / after button (the two arrows at the right), to see what changed; the filter icon beside a
        record shows that record&apos;s whole trail, its platform operations included. The export holds every
        record of the search, oldest first.
      </Text>
      {viewing && <AuditRecordModal row={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}

/** Which clients a name or email filter stood for, so nobody mistakes whose trail this is. */
function ClientMatches({ matches }: { matches: NonNullable<AuditSearchResponse['clientMatches']> }) {
  if (matches.clients.length === 0) {
    return (
      <Alert color="yellow" variant="light" p="xs">
        No client has this name or email. Names match from their start (first name, full name or surname),
        emails from their start too.
      </Alert>
    );
  }
  const names = matches.clients.map((c) => `${c.name || c.email} (${c.email})`).join(', ');
  return (
    <Text size="sm" c={matches.more ? 'orange.8' : 'dimmed'} role="status">
      {matches.more
        ? `More than ${AUDIT_CLIENT_MATCHES} clients match: showing the records of the first ${AUDIT_CLIENT_MATCHES} (${names}). Type more of the name or the email.`
        : `Records of ${matches.clients.length === 1 ? 'client' : `${matches.clients.length} clients`}: ${names}.`}
    </Text>
  );
}
