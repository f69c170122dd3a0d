import { calls, type EvidencePackSubject } from '@brokerdesk/contract';
import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { call, errorsOf } from '../../shared/api.ts';
import { startDownload } from '../../shared/start-download.ts';
import { showErrorNotice } from '../../shared/notify.ts';

/**
 * "Evidence pack" (docs/product.md [evidence-pack]): asks for a short-lived signed link to the pack of a
 * client or a request (the server audits the ask), then lets the browser download the streamed ZIP
 * from it, as Export CSV does: the file never passes through page memory, and no bearer header is needed.
 */
export function EvidencePackButton({
  subject,
  id,
  size = 'xs',
}: {
  subject: EvidencePackSubject;
  id: string;
  size?: 'xs' | 'sm';
}) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const link = await call(calls.evidencePack.createEvidencePack, { body: { subject, id } });
      startDownload(link.url, link.filename);
    } catch (error) {
      showErrorNotice(Object.values(errorsOf(error))[0]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconFileZip size={14} />}
      loading={busy}
      onClick={() => void start()}
      title="A signed ZIP of the facts, documents and audit records, for an auditor or a regulator"
    >
      Evidence pack
    </Button>
  );
}
