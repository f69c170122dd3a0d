import { calls, type ExportableList, type PagedRequest } from '@brokerdesk/contract';
import { Button } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { call } from './api.ts';
import { useSignedDownload } from './use-download.ts';

type Props = {
  list: ExportableList;
  /** The list's route parameters, e.g. `{ status }`. */
  params?: Record<string, string>;
  /** The view on screen: its filters and sort are exported, every page of it. */
  request: PagedRequest;
};

/**
 * 'Export CSV': asks the server for a short-lived download link of the current view (the server audits
 * it), then lets the browser download the streamed file, which never passes through page memory.
 */
export function ExportButton({ list, params = {}, request }: Props) {
  const { busy, start } = useSignedDownload(() =>
    call(calls.exports.createExport, { body: { list, params, request } }),
  );
  return (
    <Button variant="default" leftSection={<IconFileTypeCsv size={18} />} loading={busy} onClick={start}>
      Export CSV
    </Button>
  );
}
