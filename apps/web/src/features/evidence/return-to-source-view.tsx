import { FOLLOWS_RETURN_TO_SOURCE, type ReturnToSource } from '@brokerdesk/contract';
import { Alert, List, Stack, Table, Text } from '@mantine/core';
import { identifierWords, money } from './evidence-words.ts';

const KIND_WORDS: Record<ReturnToSource['lines'][number]['kind'], string> = {
  source: 'Back to source',
  bank: 'Rest to bank',
  none: 'Rest',
};

/**
 * How a withdrawal's amount should go back (docs/product.md [evidence.return-to-source]): the lines, then
 * the differences from what the client asked in plain sentences. It proposes; staff decide.
 */
export function ReturnToSourceView({
  proposal: r,
  compact = false,
}: {
  proposal: ReturnToSource;
  compact?: boolean;
}) {
  const follows = r.differences.length === 1 && r.differences[0] === FOLLOWS_RETURN_TO_SOURCE;
  return (
    <Stack gap="xs" aria-label="Return to source">
      <Text size="sm" fw={600}>
        Return to source: {money(r.amount, r.currency)} ({r.status})
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Asked for: {r.asked.method} {identifierWords(r.asked.identifier)}
      </Text>
      {compact ? (
        <Stack gap={2}>
          {r.lines.map((l, i) => (
            <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <b>{money(l.amount, r.currency)}</b> {KIND_WORDS[l.kind].toLowerCase()}:{' '}
              {l.kind === 'none' ? (
                <Text span c="red" size="sm">
                  {l.reason}
                </Text>
              ) : (
                `${l.method} ${l.identifier ?? ''}`
              )}
            </Text>
          ))}
        </Stack>
      ) : (
        <Table withTableBorder={!compact} fz="sm" verticalSpacing={4} horizontalSpacing="xs">
          <Table.Tbody>
            {r.lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td c="dimmed" w={compact ? 100 : 130}>
                  {KIND_WORDS[l.kind]}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {l.kind === 'none' ? (
                    <Text span c="red" size="sm">
                      {l.reason}
                    </Text>
                  ) : (
                    `${l.method} ${l.identifier ?? ''}`
                  )}
                  {l.kind === 'source' && !compact && (
                    <Text span c="dimmed" size="xs">
                      {' '}
                      (in {money(l.deposited ?? 0, r.currency)}, returned {money(l.returned ?? 0, r.currency)}
                      )
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(l.amount, r.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Alert color={follows ? 'green' : 'orange'} variant="light" p="xs" role="note">
        {/* Plain items: a list item's label box is as wide as its sentence, so long ones would not wrap. */}
        <List size="sm" spacing={2} styles={{ itemWrapper: { display: 'inline' } }}>
          {r.differences.map((d) => (
            <List.Item key={d} style={{ overflowWrap: 'anywhere' }}>
              {d}
            </List.Item>
          ))}
        </List>
      </Alert>
    </Stack>
  );
}
