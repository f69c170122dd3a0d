import type { PlatformHistory } from '@brokerdesk/contract';
import { Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { SectionCard } from '../../shared/section-card.tsx';
import { formatEpoch } from '../../shared/formatters.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { formatAge } from './age.ts';
import classes from './dashboard.module.css';

const DAY = 86_400;
const isOk = (status: string) => status === 'OK';

/** The last 24 hours as a bar: green while OK, red while not, grey where nothing is known. */
function Timeline({ platform, now }: { platform: PlatformHistory; now: number }) {
  const from = now - DAY;
  const width = (a: number, b: number) => `${(Math.max(0, b - a) / DAY) * 100}%`;
  const knownFrom = platform.spans[0]?.from ?? now;
  return (
    <Box>
      <div
        className={classes.timeline}
        role="img"
        aria-label={`${platform.platform}, last 24 hours: ${platform.spans.length} periods, ${
          platform.spans.filter((s) => !isOk(s.status)).length
        } of them not OK`}
      >
        {knownFrom > from && <div style={{ width: width(from, knownFrom) }} />}
        {platform.spans.map((s) => (
          <Tooltip
            key={s.from}
            label={`${s.status}: ${formatEpoch(s.from)} – ${formatEpoch(s.to)} (${formatAge(s.to - s.from)})`}
          >
            <div
              className={classes.timelineSpan}
              style={{
                width: width(s.from, s.to),
                background: `var(--mantine-color-${isOk(s.status) ? 'teal-6' : 'red-6'})`,
              }}
            />
          </Tooltip>
        ))}
      </div>
      <Group justify="space-between" mt={2}>
        <Text size="xs" c="dimmed">
          24h ago
        </Text>
        <Text size="xs" c="dimmed">
          now
        </Text>
      </Group>
    </Box>
  );
}

function PlatformRow({ platform, now }: { platform: PlatformHistory; now: number }) {
  const ok = isOk(platform.status);
  const uptime = platform.uptime24h === null ? '–' : `${(platform.uptime24h * 100).toFixed(2)}%`;
  return (
    <Stack gap={6} data-testid={`platform-${platform.platform}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{platform.platform}</Text>
          <Badge color={ok ? 'teal' : 'red'} variant="filled" size="sm">
            {ok ? 'Working' : 'Down'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Uptime 24h{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {uptime}
          </Text>
        </Text>
      </Group>
      {!ok && (
        <Text size="sm" c="red.8">
          {platform.status}
        </Text>
      )}
      {platform.since !== null && (
        <Text size="xs" c="dimmed">
          {ok ? 'Working' : 'Down'} since <EpochTime seconds={platform.since} /> (
          {formatAge(now - platform.since)})
        </Text>
      )}
      <Timeline platform={platform} now={now} />
      {platform.changes.length > 0 && (
        <Stack gap={2} mt={4} component="ul" p={0} style={{ listStyle: 'none' }} aria-label="Recent changes">
          {platform.changes.slice(0, 4).map((c) => (
            <Group key={`${c.at}-${c.status}`} component="li" gap="xs" wrap="nowrap">
              <Box
                w={8}
                h={8}
                bg={isOk(c.status) ? 'teal.6' : 'red.6'}
                style={{ borderRadius: '50%', flex: 'none' }}
              />
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                <EpochTime seconds={c.at} />
              </Text>
              <Text size="xs" truncate>
                {c.status}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Each trading platform: its status now, since when, and its last 24 hours from the status changes kept. */
export function PlatformCard({ platforms, now }: { platforms: PlatformHistory[]; now: number }) {
  return (
    <SectionCard title="Trading platform">
      <Stack gap="md">
        {platforms.map((p) => (
          <PlatformRow key={p.platform} platform={p} now={now} />
        ))}
      </Stack>
    </SectionCard>
  );
}
