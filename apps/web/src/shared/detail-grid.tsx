import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const BREAK_LONG_ONLY = { overflowWrap: 'break-word' } as const;

/** A label over its value, for read-only details (profile summary, client application). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* Only a value longer than the whole line breaks inside a word: an email or a name stays whole. */}
      <Text size="sm" component="div" style={BREAK_LONG_ONLY} c={empty ? 'dimmed' : undefined}>
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
