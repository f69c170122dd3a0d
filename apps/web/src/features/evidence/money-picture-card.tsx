import type { CurrencyPicture, MoneyLine, MoneyPicture } from '@brokerdesk/contract';
import { Center, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { ClientStanding } from './client-standing.tsx';
import { useMoneyPicture } from './evidence-queries.ts';
import { identifierWords, methodWords, money, tradingWords } from './evidence-words.ts';
import { ReturnToSourceView } from './return-to-source-view.tsx';

/**
 * The profile's "Money picture" card (docs/product.md [screen.profile.money-picture]): per currency what
 * came in by method and source and what went out by method and destination, the net, the trading since
 * each recent deposit, and the return-to-source proposal of the latest open withdrawal.
 */
export function MoneyPictureCard({ userId }: { userId: string }) {
  const query = useMoneyPicture(userId);
  let body;
  if (query.isPending)
    body = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  else if (!query.data) body = <ErrorAlert errors={errorsOf(query.error)} />;
  else body = <PictureBody picture={query.data} />;
  return <SectionCard title="Money picture">{body}</SectionCard>;
}

function PictureBody({ picture: p }: { picture: MoneyPicture }) {
  return (
    <Stack gap="md">
      <ClientStanding picture={p} />
      {p.currencies.length === 0 && <Text c="dimmed">No approved deposits or withdrawals yet.</Text>}
      {p.currencies.map((c) => (
        <CurrencyBlock key={c.currency} c={c} />
      ))}
      {p.depositTrading.deposits.length > 0 && <TradingTable picture={p} />}
      {p.returnToSource && <ReturnToSourceView proposal={p.returnToSource} />}
    </Stack>
  );
}

function CurrencyBlock({ c }: { c: CurrencyPicture }) {
  return (
    <Stack gap={6} aria-label={`Money in ${c.currency}`}>
      <Title order={5}>
        {c.currency}: in {money(c.depositedTotal, c.currency)}, out {money(c.withdrawnTotal, c.currency)}, net{' '}
        <Text span inherit c={c.net < 0 ? 'red' : undefined}>
          {money(c.net, c.currency)}
        </Text>
        {c.openWithdrawals > 0 && (
          <Text span c="dimmed" size="sm" fw={400}>
            {' '}
            ({money(c.openWithdrawals, c.currency)} asked for, not yet paid)
          </Text>
        )}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Lines title="Deposits by method and source" lines={c.deposits} currency={c.currency} />
        <Lines title="Withdrawals by method and destination" lines={c.withdrawals} currency={c.currency} />
      </SimpleGrid>
    </Stack>
  );
}

function Lines({ title, lines, currency }: { title: string; lines: MoneyLine[]; currency: string }) {
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <Table withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={`${l.method}:${l.identifier ?? ''}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{methodWords(l.method, l.label)}</Table.Td>
                <Table.Td c={l.identifier ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {identifierWords(l.identifier)}
                </Table.Td>
                <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {l.count}×
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(l.amount, currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

function TradingTable({ picture: p }: { picture: MoneyPicture }) {
  const { deposits, total } = p.depositTrading;
  return (
    <Stack gap={4} aria-label="Trading since deposits">
      <Text size="sm" fw={600}>
        Trading since each deposit
        {total > deposits.length && (
          <Text span c="dimmed" size="sm" fw={400}>
            {' '}
            (latest {deposits.length} of {total})
          </Text>
        )}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Deposited</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Trading since</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deposits.map((d) => (
              <Table.Tr key={d.depositId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <EpochTime seconds={d.at} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(d.amount, d.currency)}
                </Table.Td>
                <Table.Td c={d.identifier ? undefined : 'dimmed'}>
                  {methodWords(d.method)} {identifierWords(d.identifier)}
                </Table.Td>
                <Table.Td>{d.accountNumber}</Table.Td>
                <Table.Td
                  c={d.trading.known ? undefined : 'orange'}
                  title={d.trading.known ? undefined : d.trading.reason}
                >
                  {tradingWords(d.trading)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
