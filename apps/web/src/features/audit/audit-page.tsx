import { AUDIT_PAGE_SIZES, type AuditRow } from '@brokerdesk/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorsOf } from '../../shared/api.ts';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  withColumnDefaults,
} from '../../shared/data-table/index.ts';
import { parseListState, writeListState } from '../../shared/data-table/list-state.ts';
import { showErrorNotice } from '../../shared/notify.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { auditExportPath } from './audit-api.ts';
import { auditColumns } from './audit-columns.tsx';
import { AUDIT_FILTER_FIELDS, toAuditFilters, type RawAuditFilters } from './audit-filters.ts';
import { useAuditSearch } from './audit-queries.ts';
import { AuditRecordModal } from './audit-record-modal.tsx';
import { AuditSearchForm } from './audit-search-form.tsx';
import { ChainStatus } from './chain-status.tsx';
import { downloadFile } from './download-file.ts';
import { hasRole, useStaffRole } from './staff-role.ts';

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
  const [exporting, setExporting] = useState(false);
  // The IP address is in the chooser and the record's modal: a laptop screen fits the rest (issue 20).
  const columns = useMemo(() => withColumnDefaults(auditColumns(setViewing), { hidden: ['ip'] }), []);

  // All filters at once, back to page 1: one history entry per search.
  const search = (values: RawAuditFilters) =>
    setParams(
      (current) => {
        const now = parseListState(current, LIST_DEFAULTS);
        const next = Object.fromEntries(
          Object.entries(values).filter(([, v]) => v !== undefined && v !== ''),
        );
        return writeListState(current, { ...now, page: 1, filters: next }, LIST_DEFAULTS);
      },
      { preventScrollReset: true },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(auditExportPath(filters), 'audit.csv');
    } catch (error) {
      showErrorNotice(Object.values(errorsOf(error))[0]);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Audit Trail</Title>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          onClick={() => void exportCsv()}
          loading={exporting}
        >
          Export CSV
        </Button>
      </Group>
      <ChainStatus canVerify={hasRole(role, 'SYSOP')} />
      <AuditSearchForm key={JSON.stringify(state.filters)} values={state.filters} onSearch={search} />
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
        Records cannot be changed or deleted; each is chained to the one before it by its hash. Double-click a
        row, or use Before / after, to see what changed. The export holds every record of the search, oldest
        first.
      </Text>
      {viewing && <AuditRecordModal row={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
