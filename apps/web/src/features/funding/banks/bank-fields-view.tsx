import { UK_BANK_COUNTRY, countryName, type BankDetails, type LookupClient } from '@brokerdesk/contract';
import { Button } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { DocumentViewer } from '../../../shared/document-viewer/index.ts';
import { DetailGrid, DetailItem } from '../../../shared/detail-grid.tsx';
import { fullName } from '../../../shared/formatters.ts';
import { BANK_STATUS_LABELS } from './bank-labels.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';

/** The statement opens in the console's viewer through its short-lived signed link. */
export function StatementLink({ url }: { url: string }) {
  // The link as it was when opened: the modal refreshes its links, and each fetch is a logged view.
  const [opened, setOpened] = useState<string | null>(null);
  if (!url) return <>No statement uploaded</>;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconFileText size={16} />}
        onClick={() => setOpened(url)}
      >
        View statement
      </Button>
      <DocumentViewer
        document={opened ? { title: 'Bank statement', url: opened } : null}
        onClose={() => setOpened(null)}
      />
    </>
  );
}

/** A bank account read-only: the UK layout (account number, sort code) or the IBAN layout. */
export function BankFieldsView({ bank, client }: { bank: BankDetails; client: LookupClient | null }) {
  const uk = bank.bankCountry === UK_BANK_COUNTRY;
  return (
    <DetailGrid cols={2}>
      <DetailItem label="Client">
        {client ? fullName(client.name, client.surname) : 'Unknown client'}
      </DetailItem>
      <DetailItem label="Email">{client?.email}</DetailItem>
      <DetailItem label="Bank name">{bank.bankName}</DetailItem>
      <DetailItem label="Bank address">{bank.bankAddress}</DetailItem>
      <DetailItem label="Country">{countryName(bank.bankCountry)}</DetailItem>
      <DetailItem label="Account currency">{bank.bankAccountCurrency}</DetailItem>
      {uk ? (
        <>
          <DetailItem label="Account number">{bank.bankAccountNumber}</DetailItem>
          <DetailItem label="Sort code">{bank.bankSortCode}</DetailItem>
        </>
      ) : (
        <>
          <DetailItem label="IBAN">{bank.bankIBAN}</DetailItem>
          <DetailItem label="SWIFT">{bank.bankSwift}</DetailItem>
        </>
      )}
      <DetailItem label="Status">{BANK_STATUS_LABELS[bank.status]}</DetailItem>
      <DetailItem label="Added">
        <EpochTime seconds={bank.timestamp} />
      </DetailItem>
      <DetailItem label="Statement">
        <StatementLink url={bank.bankPOAUrl} />
      </DetailItem>
      <DetailItem label="Comment">{bank.comment}</DetailItem>
    </DetailGrid>
  );
}
