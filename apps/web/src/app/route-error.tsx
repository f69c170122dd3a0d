import { MESSAGES } from '@brokerdesk/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** A screen crashed or its chunk failed to load (typically: a new release replaced the old chunk files). */
export function RouteError() {
  const error = useRouteError();
  const chunkMissing =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  console.error(error);
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={3}>{MESSAGES.somethingWrong}</Title>
      <Text c="dimmed" ta="center">
        {chunkMissing
          ? 'A new version of the console is available. Reload to continue.'
          : 'This screen failed to load. Reloading usually helps.'}
      </Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
