import { Box, Group, Text } from '@mantine/core';
import { ROW_BACKGROUND, type RowTone } from '../../../shared/status-colors.ts';

const LABELS: Record<RowTone, string> = {
  approved: 'Approved',
  providerPending: 'Pending provider order',
  checking: 'Checking with MT5',
  rejected: 'Rejected, declined or error',
  failed: 'Platform operation failed',
};

type Props = {
  tones: readonly RowTone[];
  /** What a row click does, e.g. 'Double-click a row to update it.' */
  hint?: string;
};

/** The meaning of the row colours (docs/product.md [state.row-colours]), under a list. */
export function RowLegend({ tones, hint }: Props) {
  return (
    <Group gap="lg" wrap="wrap">
      {tones.map((tone) => (
        <Group gap={6} key={tone} wrap="nowrap">
          <Box
            w={14}
            h={14}
            style={{ background: ROW_BACKGROUND[tone], border: '1px solid var(--mantine-color-gray-4)' }}
          />
          <Text size="xs" c="dimmed">
            {LABELS[tone]}
          </Text>
        </Group>
      ))}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Group>
  );
}
