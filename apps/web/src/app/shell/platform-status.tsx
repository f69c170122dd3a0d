import type { PlatformStatus } from '@brokerdesk/contract';
import { Box, Group, Text, Tooltip } from '@mantine/core';
import { formatEpoch } from '../../shared/formatters.ts';
import { LiveIndicator } from './live-indicator.tsx';
import { usePlatformStatuses } from './system-queries.ts';

function tooltipText({ status, lastWorking }: PlatformStatus): string {
  const last = `Last working: ${lastWorking === null ? 'Never' : formatEpoch(lastWorking)}`;
  return status === 'OK' ? last : `${last}\n${status}`;
}

function StatusLight({ platform }: { platform: PlatformStatus }) {
  const ok = platform.status === 'OK';
  return (
    <Tooltip
      label={tooltipText(platform)}
      multiline
      style={{ whiteSpace: 'pre-line' }}
      position="right"
      withArrow
    >
      <Group
        gap={6}
        wrap="nowrap"
        tabIndex={0}
        aria-label={`${platform.platform}: ${ok ? 'working' : platform.status}`}
        data-testid={`platform-status-${platform.platform}`}
        data-status={ok ? 'ok' : 'down'}
      >
        <Box
          w={10}
          h={10}
          bg={ok ? 'green.6' : 'red.6'}
          style={{ borderRadius: '50%', boxShadow: '0 0 0 2px var(--mantine-color-body)' }}
        />
        <Text size="xs" fw={600}>
          {platform.platform}
        </Text>
      </Group>
    </Tooltip>
  );
}

/**
 * One light per trading platform (docs/product.md [overview]): green when OK, red otherwise; the tooltip says
 * since when. At the end of the row, whether live updates are on.
 */
export function PlatformStatusLights() {
  const { data, isError } = usePlatformStatuses();
  return (
    <Group gap="md" px="sm" py={6}>
      <Text size="xs" c="dimmed" fw={600}>
        Platforms
      </Text>
      {data?.map((platform) => (
        <StatusLight key={platform.platform} platform={platform} />
      ))}
      {!data && isError && (
        <Text size="xs" c="red">
          unknown
        </Text>
      )}
      <LiveIndicator />
    </Group>
  );
}
