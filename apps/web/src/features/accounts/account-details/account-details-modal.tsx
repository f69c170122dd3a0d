import type { LookupClient, TradingAccount } from '@brokerdesk/contract';
import { Anchor, Badge, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DetailGrid, DetailItem } from '../../../shared/detail-grid.tsx';
import { formatAmount, fullName } from '../../../shared/formatters.ts';
import { AccountEditForm } from './account-edit-form.tsx';
import { adminLabel } from '../admin-label.ts';
import { useAdmins } from '../accounts-queries.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';

type Props = {
  account: TradingAccount;
  /** The account holder, when the list has it (the profile card knows the client already). */
  client?: LookupClient;
  onClose: () => void;
};

/**
 * The account details modal of Trading Accounts and the profile card
 * (docs/product.md [screen.trading-accounts]): facts, then edits.
 */
export function AccountDetailsModal({ account, client, onClose }: Props) {
  const admins = useAdmins();
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={
        <Group gap="xs">
          <Text fw={600}>Account {account.number}</Text>
          <Badge variant="light" color={account.live ? 'blue' : 'gray'} size="sm">
            {account.live ? 'Live' : 'Demo'}
          </Badge>
        </Group>
      }
    >
      <Stack gap="md">
        {client && (
          <Group gap="xs">
            <Anchor component={Link} to={`/user/profile/${account.userId}`} fw={600} size="sm">
              {fullName(client.name, client.surname)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {client.email}
            </Text>
          </Group>
        )}
        <DetailGrid cols={3}>
          <DetailItem label="Platform">{account.platform}</DetailItem>
          <DetailItem label="Type">{account.type}</DetailItem>
          <DetailItem label="Currency">{account.baseCurrency}</DetailItem>
          <DetailItem label="Group">{account.accountGroup}</DetailItem>
          <DetailItem label="Balance">{formatAmount(account.balance)}</DetailItem>
          <DetailItem label="Equity">{formatAmount(account.equity)}</DetailItem>
          <DetailItem label="Created">
            <EpochTime seconds={account.timeCreated} />
          </DetailItem>
          <DetailItem label="Approved">
            <EpochTime seconds={account.timeApproved} />
          </DetailItem>
          <DetailItem label="Admin">{adminLabel(account.adminId, admins.data)}</DetailItem>
        </DetailGrid>
        <Divider label="Change leverage or password" labelPosition="left" />
        <AccountEditForm account={account} onClose={onClose} />
      </Stack>
    </Modal>
  );
}
