import { Center, Group, Loader, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { title: string; action?: ReactNode; children: ReactNode };

/** A titled card of a detail screen (profile, application), with an optional action at the right. */
export function SectionCard({ title, action, children }: Props) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={4}>{title}</Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** What a card shows while its first answer loads. */
export function CardLoader() {
  return (
    <Center py="md">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}
