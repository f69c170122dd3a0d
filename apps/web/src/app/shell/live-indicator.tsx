import { POLLING_MS } from '@brokerdesk/contract';
import { Box, Group, Text, Tooltip } from '@mantine/core';
import { useLiveStatus, type LiveStatus } from '../../shared/live/index.ts';

const LABELS: Record<LiveStatus, string> = {
  live: 'Live updates on',
  connecting: 'Connecting live updates…',
  down: `Live updates interrupted: refreshing every ${POLLING_MS.newRequestCounters / 1000} s until they are back`,
  off: 'Live updates off',
};

/** Whether badges, lights and lists follow changes as they happen, or by polling (the fallback). */
export function LiveIndicator() {
  const status = useLiveStatus();
  const live = status === 'live';
  return (
    <Tooltip label={LABELS[status]} position="right" withArrow multiline maw={240}>
      <Group
        gap={4}
        wrap="nowrap"
        ml="auto"
        tabIndex={0}
        role="status"
        aria-label={LABELS[status]}
        data-testid="live-status"
        data-state={status}
      >
        <Box
          w={8}
          h={8}
          bg={live ? 'teal.6' : status === 'down' ? 'orange.5' : 'gray.5'}
          style={{ borderRadius: '50%' }}
        />
        <Text size="xs" c="dimmed" fw={600}>
          Live
        </Text>
      </Group>
    </Tooltip>
  );
}
