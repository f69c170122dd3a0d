import { Button, Stack, Text } from '@mantine/core';
import { IconPlus, IconTools } from '@tabler/icons-react';
import { SectionCard } from '../../../shared/section-card.tsx';

/**
 * Trading Accounts (live, approved) of SPEC 2.6. The accounts API is not built yet, so the card says so
 * and + ADD stays disabled rather than failing.
 */
export function TradingAccountsCard() {
  return (
    <SectionCard
      title="Trading Accounts"
      action={
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled>
          ADD
        </Button>
      }
    >
      <Stack align="center" gap={4} py="md">
        <IconTools size={24} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Text fw={600} size="sm">
          Coming soon
        </Text>
        <Text size="xs" c="dimmed">
          Live, approved accounts will be listed here.
        </Text>
      </Stack>
    </SectionCard>
  );
}
