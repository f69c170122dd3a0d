import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label over its value, for read-only details (profile summary, client application). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }} c={empty ? 'dimmed' : undefined}>
        {empty ? '—' : children}
      </Text>
    </Stack>
  );
}

/** Details in columns that wrap on narrow screens. */
export function DetailGrid({ children, cols = 4 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: cols }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}
