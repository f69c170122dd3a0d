import type { MoneyPicture } from '@brokerdesk/contract';
import { Badge, Group } from '@mantine/core';
import { ageWords, BANK_COLORS, KYC_COLORS } from './evidence-words.ts';

/** KYC, bank details and account age as three badges (docs/product.md [evidence.money-picture]). */
export function ClientStanding({ picture: p }: { picture: MoneyPicture }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light" color={KYC_COLORS[p.kyc.status]} title={`${p.kyc.documents} KYC documents`}>
        KYC: {p.kyc.status}
      </Badge>
      <Badge
        variant="light"
        color={BANK_COLORS[p.bankDetails.status]}
        title={`${p.bankDetails.approved} approved, ${p.bankDetails.pending} pending, ${p.bankDetails.rejected} rejected`}
      >
        Bank details: {p.bankDetails.status}
      </Badge>
      <Badge variant="light" color="gray">
        Client for {ageWords(p.client.ageDays)}
      </Badge>
    </Group>
  );
}
