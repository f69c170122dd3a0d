import { Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMoneyPicture } from './evidence-queries.ts';
import { money, tradingWords } from './evidence-words.ts';
import { ClientStanding } from './client-standing.tsx';
import { ReturnToSourceView } from './return-to-source-view.tsx';

type Props = {
  userId: string;
  /** A withdrawal's modal: its return-to-source proposal is shown beside the picture. */
  withdrawalId?: string;
};

/**
 * The money picture in a few lines, at the top of the deposit, withdrawal and transfer update modals
 * (docs/product.md [screen.update-modal.money-picture]): the client's standing, per currency in, out and
 * net, the trading since the latest deposit; a withdrawal's modal adds the return-to-source proposal.
 * Evidence beside the decision: a failure reads as one quiet line and never blocks the form.
 */
export function MoneyPictureSummary({ userId, withdrawalId }: Props) {
  const query = useMoneyPicture(userId, withdrawalId);
  const p = query.data;
  if (!p) {
    return (
      <Paper withBorder radius="sm" p="xs" aria-label="Money picture">
        {query.isPending ? (
          <Loader size="xs" aria-label="Loading" />
        ) : (
          <Text size="sm" c="dimmed">
            Money picture unavailable.
          </Text>
        )}
      </Paper>
    );
  }
  const latest = p.depositTrading.deposits[0];
  const amounts = (
    <Stack gap={4}>
      {p.currencies.length === 0 && (
        <Text size="sm" c="dimmed">
          No approved deposits or withdrawals yet.
        </Text>
      )}
      {p.currencies.map((c) => (
        <Text key={c.currency} size="sm">
          <b>{c.currency}</b> in {money(c.depositedTotal, c.currency)} · out{' '}
          {money(c.withdrawnTotal, c.currency)}
          {' · '}net <b>{money(c.net, c.currency)}</b>
        </Text>
      ))}
      {latest && (
        <Text size="sm" c={latest.trading.known ? undefined : 'orange'}>
          Since the latest deposit ({money(latest.amount, latest.currency)}): {tradingWords(latest.trading)}
        </Text>
      )}
    </Stack>
  );
  return (
    <Paper withBorder radius="sm" p="xs" aria-label="Money picture">
      <Stack gap={6}>
        <ClientStanding picture={p} />
        {withdrawalId && p.returnToSource ? (
          <SimpleGrid cols={2} spacing="sm">
            {amounts}
            <ReturnToSourceView proposal={p.returnToSource} compact />
          </SimpleGrid>
        ) : (
          amounts
        )}
      </Stack>
    </Paper>
  );
}
