import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">The address you opened does not exist.</Text>
      <Anchor component={Link} to="/">
        Go to the dashboard
      </Anchor>
    </Stack>
  );
}
