import { kycDocTypeLabel, kycReviewLabel, type kycDocumentEntry } from '@brokerdesk/contract';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconEye, IconFileText } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { DocumentViewer, type ViewerDocument } from '../../../shared/document-viewer/index.ts';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { CardLoader, SectionCard } from '../../../shared/section-card.tsx';
import { useKycApplicant, useKycDocuments } from '../client-queries.ts';

type Entry = z.infer<typeof kycDocumentEntry>;

const docType = (doc: Entry) => kycDocTypeLabel(doc.idDocType);

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

/** Opens a document in the console's viewer (the signed link is fetched there, and logged). */
export function ViewButton(props: { label: string; icon?: ReactNode; onOpen: () => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={props.icon ?? <IconEye size={16} />}
      onClick={props.onOpen}
    >
      {props.label}
    </Button>
  );
}

/**
 * KYC Documents (docs/product.md [screen.application]): VIEW, Uploaded, eKYC Verified and eKYC Report per
 * document.
 */
export function KycDocumentsCard({ userId }: { userId: string }) {
  const query = useKycDocuments(userId);
  const applicant = useKycApplicant(userId);
  const [viewing, setViewing] = useState<ViewerDocument | null>(null);
  let body;
  if (query.isPending) {
    body = <CardLoader />;
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
                  <Table.Td>{doc ? docType(doc) : '—'}</Table.Td>
                  <Table.Td>
                    {doc?.viewUrl ? (
                      <ViewButton
                        label="VIEW"
                        onOpen={() => setViewing({ title: `${label}: ${docType(doc)}`, url: doc.viewUrl })}
                      />
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Flag on={Boolean(doc?.uploaded)} label="Uploaded" />
                  </Table.Td>
                  <Table.Td>
                    <Flag on={Boolean(doc?.verified)} label="eKYC Verified" />
                  </Table.Td>
                  <Table.Td>
                    {doc?.reportUrl ? (
                      <ViewButton
                        label="eKYC Report"
                        icon={<IconFileText size={16} />}
                        onOpen={() => setViewing({ title: 'eKYC report', url: doc.reportUrl })}
                      />
                    ) : (
                      '—'
                    )}
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
        applicant.data ? (
          <Text size="xs" c="dimmed">
            eKYC review: {kycReviewLabel(applicant.data.reviewStatus, applicant.data.reviewAnswer)}
          </Text>
        ) : undefined
      }
    >
      {body}
      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
    </SectionCard>
  );
}
