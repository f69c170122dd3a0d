import type { kycDocumentEntry } from '@brokerdesk/contract';
import { Anchor, Center, Group, Loader, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconExternalLink } from '@tabler/icons-react';
import type { z } from 'zod';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { SectionCard } from '../../../shared/section-card.tsx';
import { useKycDocuments } from '../client-queries.ts';

type Entry = z.infer<typeof kycDocumentEntry>;

const DOCUMENTS = [
  { key: 'IDENTITY', label: 'Proof of Identity' },
  { key: 'PROOF_OF_RESIDENCE', label: 'Proof of Address' },
] as const;

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" aria-label={`${label}: ${on ? 'yes' : 'no'}`}>
      {on ? (
        <IconCircleCheck size={18} color="var(--mantine-color-green-7)" />
      ) : (
        <IconCircleX size={18} color="var(--mantine-color-red-6)" />
      )}
      <Text size="sm">{on ? 'Yes' : 'No'}</Text>
    </Group>
  );
}

/** Links open the identity-verification provider in a new tab; they are signed and short-lived. */
function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} wrap="nowrap">
        {children}
        <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}

/** KYC Documents (SPEC 2.7): VIEW, Uploaded, eKYC Verified and eKYC Report per document. */
export function KycDocumentsCard({ userId }: { userId: string }) {
  const query = useKycDocuments(userId);
  let body;
  if (query.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  } else if (query.error || !query.data) {
    body = <ErrorAlert errors={errorsOf(query.error)} />;
  } else {
    const docs = query.data;
    body = (
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing={6} fz="sm" aria-label="KYC Documents">
          <Table.Thead>
            <Table.Tr>
              {['Document', 'Type', 'View', 'Uploaded', 'eKYC Verified', 'eKYC Report'].map((h) => (
                <Table.Th key={h} fz="xs">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DOCUMENTS.map(({ key, label }) => {
              const doc: Entry | null = docs[key];
              return (
                <Table.Tr key={key}>
                  <Table.Td fw={600}>{label}</Table.Td>
                  <Table.Td>{doc?.idDocType.replace(/_/g, ' ') ?? '—'}</Table.Td>
                  <Table.Td>
                    {doc?.viewUrl ? <ExternalLink href={doc.viewUrl}>VIEW</ExternalLink> : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Flag on={Boolean(doc?.uploaded)} label="Uploaded" />
                  </Table.Td>
                  <Table.Td>
                    <Flag on={Boolean(doc?.verified)} label="eKYC Verified" />
                  </Table.Td>
                  <Table.Td>
                    {doc?.reportUrl ? <ExternalLink href={doc.reportUrl}>eKYC Report</ExternalLink> : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <SectionCard
      title="KYC Documents"
      action={
        query.data?.inspectionId ? (
          <Text size="xs" c="dimmed">
            Inspection {query.data.inspectionId}
          </Text>
        ) : undefined
      }
    >
      {body}
    </SectionCard>
  );
}
