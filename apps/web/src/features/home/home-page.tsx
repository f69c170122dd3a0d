import { Paper, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../shared/use-page-title.ts';

/** SPEC 2.20: an Admin Dashboard placeholder; its content is not specified. */
export function HomePage() {
  usePageTitle('Admin Dashboard');
  return (
    <Paper withBorder p="xl" radius="md">
      <Title order={2}>Admin Dashboard</Title>
      <Text c="dimmed" mt="xs">
        Choose a list in the menu to start working.
      </Text>
    </Paper>
  );
}
