import type { ClientBankAccount } from '@brokerdesk/contract';
import { Badge, Table, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorsOf } from '../../../shared/api.ts';
import { DocumentViewer, type ViewerDocument } from '../../../shared/document-viewer/index.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { showErrorNotice } from '../../../shared/notify.ts';
import { CardLoader, SectionCard } from '../../../shared/section-card.tsx';
import { statusColor } from '../../../shared/status-colors.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { fundingApi } from '../../funding/shared/funding-api.ts';
import { BANK_STATUS_LABELS } from '../../funding/banks/bank-labels.ts';
import { ViewButton } from '../application/kyc-documents-card.tsx';
import { useClientBankAccounts } from '../client-queries.ts';

const TYPE_WORDS: Record<string, string> = { pdf: 'PDF', png: 'Picture', jpg: 'Picture' };

const accountName = (b: ClientBankAccount) =>
  `${b.bankName}${b.accountEnding ? ` ending ${b.accountEnding}` : ''} (${b.bankAccountCurrency})`;

/**
 * The client's bank accounts and their statements. The list carries no links: opening a
 * statement asks for a fresh signed link (logged as handed out) and the viewer's fetch logs the opening.
 */
export function BankStatementsCard({ userId }: { userId: string }) {
  const query = useClientBankAccounts(userId);
  const [viewing, setViewing] = useState<ViewerDocument | null>(null);

  const open = async (bank: ClientBankAccount) => {
    const title = `Bank statement: ${accountName(bank)}`;
    setViewing({ title, url: null });
    try {
      const details = await fundingApi.bankAccount(bank._id);
      setViewing((now) => (now?.title === title ? { title, url: details.bankAccount.bankPOAUrl } : now));
    } catch (err) {
      setViewing(null);
      showErrorNotice(err instanceof ApiError ? err.message : undefined);
    }
  };

  let body;
  if (query.isPending) body = <CardLoader />;
  else if (query.error) body = <ErrorAlert errors={errorsOf(query.error)} />;
  else if (query.data?.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        No bank accounts yet
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing={6} fz="sm" aria-label="Bank statements">
          <Table.Thead>
            <Table.Tr>
              {['Bank account', 'Status', 'Added', 'Statement'].map((h) => (
                <Table.Th key={h} fz="xs">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(query.data ?? []).map((bank) => (
              <Table.Tr key={bank._id}>
                <Table.Td fw={600}>{accountName(bank)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={statusColor(bank.status)} size="sm">
                    {BANK_STATUS_LABELS[bank.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <EpochTime seconds={bank.timestamp} />
                </Table.Td>
                <Table.Td>
                  {bank.hasStatement ? (
                    <ViewButton
                      label={`View ${TYPE_WORDS[bank.statementType] ?? 'file'}`}
                      icon={<IconFileText size={16} />}
                      onOpen={() => void open(bank)}
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      No statement uploaded
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <SectionCard title="Bank statements">
      {body}
      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
    </SectionCard>
  );
}
