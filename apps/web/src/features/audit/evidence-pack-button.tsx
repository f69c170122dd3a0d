import { calls, type EvidencePackSubject } from '@brokerdesk/contract';
import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { call } from '../../shared/api.ts';
import { useSignedDownload } from '../../shared/use-download.ts';

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
  const { busy, start } = useSignedDownload(() =>
    call(calls.evidencePack.createEvidencePack, { body: { subject, id } }),
  );
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconFileZip size={14} />}
      loading={busy}
      onClick={start}
      title="A signed ZIP of the facts, documents and audit records, for an auditor or a regulator"
    >
      Evidence pack
    </Button>
  );
}
