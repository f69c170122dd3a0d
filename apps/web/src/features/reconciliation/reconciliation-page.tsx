import type { ReconciliationRunRequest } from '@brokerdesk/contract';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useReconciliationReport, useRunReconciliation } from './reconciliation-queries.ts';
import { CriticalAlerts } from './critical-alerts.tsx';
import { ReportView } from './report-view.tsx';
import { ReportsTable } from './reports-table.tsx';
import { RunForm } from './run-form.tsx';

/**
 * /reconciliation (ADMIN and above): compare the console's approved funding with the platform's deals
 * for an account or every live account over a period; every run, and the daily one, is kept.
 */
export function ReconciliationPage() {
  usePageTitle('Reconciliation');
  const [params, setParams] = useSearchParams();
  const reportId = params.get('report');
  const report = useReconciliationReport(reportId);
  const run = useRunReconciliation();

  // The opened report is in the URL; a new one starts on its first page of mismatches.
  const open = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [...next.keys()]) if (key.startsWith('mm.')) next.delete(key);
        next.set('report', id);
        return next;
      },
      { preventScrollReset: true },
    );

  const start = (body: ReconciliationRunRequest) =>
    run.mutate(body, {
      onSuccess: (r) => {
        open(r._id);
        if (r.status === 'failed') showErrorNotice(r.error);
        else
          showSuccessNotice(
            r.mismatchCount === 0
              ? 'Reconciliation finished: no mismatch.'
              : `Reconciliation finished: ${r.mismatchCount} mismatch${r.mismatchCount === 1 ? '' : 'es'}.`,
          );
      },
      onError: (error) => showErrorNotice(Object.values(errorsOf(error))[0]),
    });

  return (
    <Stack gap="md">
      <Title order={2}>Reconciliation</Title>
      <Text size="sm" c="dimmed">
        Compares the deposits credited, withdrawals debited and transfer legs the console approved with the
        balance deals on the trading platform. Yesterday (UTC) is checked every day on its own.
      </Text>
      <CriticalAlerts onOpen={open} />
      <RunForm running={run.isPending} onRun={start} />
      {reportId &&
        (report.isPending ? (
          <Center mih={120}>
            <Loader size="sm" aria-label="Loading" />
          </Center>
        ) : report.data ? (
          <ReportView key={reportId} report={report.data} />
        ) : (
          <ErrorAlert errors={errorsOf(report.error)} />
        ))}
      <Title order={4}>Kept reports</Title>
      <ReportsTable selected={reportId} onOpen={open} />
    </Stack>
  );
}
