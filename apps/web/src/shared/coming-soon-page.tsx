import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { usePageTitle } from './use-page-title.ts';

type Props = {
  title: string;
  /** The status of a /…/:status route, shown so the link a staff member followed is visible. */
  status?: string;
};

/** Stand-in for a screen not built yet; each feature folder replaces its own in place. */
export function ComingSoonPage({ title, status }: Props) {
  usePageTitle(title);
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="xs">
          <IconTools size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>Coming soon</Text>
          {status && (
            <Text size="sm" c="dimmed">
              Status: {status}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
