import type { DashboardOverview, DashboardQueue } from '@brokerdesk/contract';
import { Badge, Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconShieldCheck, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NAV_GROUPS } from '../../app/shell/nav-items.ts';
import { ageColor, formatAge } from './age.ts';
import classes from './dashboard.module.css';

type Tile = {
  key: string;
  label: string;
  to: string;
  icon: Icon;
  count: number;
  age: number | null;
  note?: string;
};

/** The sidebar's link for each counter: the tile opens the same list. */
const NAV_OF = new Map(NAV_GROUPS.flatMap((g) => g.items).map((item) => [item.counter, item]));
/** Shorter or plainer names than the sidebar's where a tile needs one. */
const LABELS: Partial<Record<DashboardQueue, string>> = {
  criticalMismatches: 'Critical mismatches',
  newSubAccounts: 'Sub-account requests',
  newChangeLeverages: 'Leverage requests',
  newBankDetails: 'Bank details',
};
const TYPE_PATHS = { deposit: 'deposit', withdrawal: 'withdrawal', transfer: 'transfer' } as const;

function tilesOf(o: DashboardOverview): Tile[] {
  const age = (at: number | null) => (at === null ? null : o.now - at);
  const queues = o.queues.flatMap((q): Tile[] => {
    const nav = NAV_OF.get(q.queue);
    if (!nav) return [];
    return [
      {
        key: q.queue,
        label: LABELS[q.queue] ?? nav.label,
        to: nav.to,
        icon: nav.icon,
        count: q.count,
        age: age(q.oldestAt),
      },
    ];
  });
  const first = o.fourEyes.byType[0]?.requestType ?? 'deposit';
  const fourEyes: Tile = {
    key: 'fourEyes',
    label: 'Awaiting 2nd approval',
    to: `/${TYPE_PATHS[first]}-requests/pending`,
    icon: IconShieldCheck,
    count: o.fourEyes.count,
    age: age(o.fourEyes.oldestAt),
    note: o.fourEyes.byType.map((t) => `${t.count} ${t.requestType}${t.count === 1 ? '' : 's'}`).join(' · '),
  };
  return [...queues, fourEyes];
}

function QueueTile({ tile }: { tile: Tile }) {
  const critical = tile.key === 'criticalMismatches' && tile.count > 0;
  const waiting = tile.count > 0;
  const ageText = tile.age === null ? null : formatAge(tile.age);
  return (
    <UnstyledButton
      component={Link}
      to={tile.to}
      className={classes.tile}
      data-testid={`queue-${tile.key}`}
      data-count={tile.count}
    >
      <Paper withBorder radius="md" p="sm" h="100%" className={critical ? classes.critical : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" lh={1.3} lineClamp={2} h={31}>
            {tile.label}
          </Text>
          <ThemeIcon
            variant="light"
            color={critical ? 'red' : waiting ? 'blue' : 'gray'}
            size="md"
            radius="md"
          >
            <tile.icon size={16} stroke={1.7} />
          </ThemeIcon>
        </Group>
        <Text fz={28} fw={700} lh={1.1} mt={4} c={waiting ? undefined : 'dimmed'} data-testid="queue-count">
          {tile.count.toLocaleString('en')}
        </Text>
        <Group gap={6} mt={6} wrap="nowrap" mih={22}>
          {ageText ? (
            <>
              <Text size="xs" c="dimmed">
                Oldest
              </Text>
              <Badge size="sm" variant="light" tt="none" color={ageColor(tile.age!)} data-testid="queue-age">
                {ageText}
              </Badge>
            </>
          ) : (
            <Text size="xs" c="dimmed">
              Nothing waiting
            </Text>
          )}
        </Group>
        {tile.note && (
          <Text size="xs" c="dimmed" mt={4} truncate>
            {tile.note}
          </Text>
        )}
      </Paper>
    </UnstyledButton>
  );
}

/** One tile per queue of the sidebar's counters, plus the four-eyes approvals waiting. */
export function QueueTiles({ overview }: { overview: DashboardOverview }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="sm" component="section" aria-label="Queues">
      {tilesOf(overview).map((tile) => (
        <QueueTile key={tile.key} tile={tile} />
      ))}
    </SimpleGrid>
  );
}
