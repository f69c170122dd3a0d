import { CURRENCIES, DASHBOARD_DAY_CHOICES } from '@brokerdesk/contract';
import { Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { EpochTime, useTimeZone } from '../../shared/time-zone/index.ts';
import { FundingCard, StaffCard, TodayCard } from './activity-cards.tsx';
import { useDashboardActivity, useDashboardOverview } from './dashboard-queries.ts';
import type { Currency } from './money.ts';
import { PlatformCard } from './platform-card.tsx';
import { FourEyesOff } from './four-eyes-off.tsx';
import { QueueTiles } from './queue-tiles.tsx';
import { ReconciliationCard } from './reconciliation-card.tsx';

const DEFAULT_DAYS = 30;

/** The period and currency shown live in the URL, so a reload or a shared link keeps them. */
function useDashboardParams() {
  const [params, setParams] = useSearchParams();
  const daysParam = Number(params.get('days'));
  const days = (DASHBOARD_DAY_CHOICES as readonly number[]).includes(daysParam) ? daysParam : DEFAULT_DAYS;
  const currencyParam = params.get('currency') as Currency | null;
  const currency = currencyParam && CURRENCIES.includes(currencyParam) ? currencyParam : 'USD';
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        return p;
      },
      { replace: true },
    );
  return {
    days,
    currency,
    setDays: (d: number) => set('days', String(d)),
    setCurrency: (c: Currency) => set('currency', c),
  };
}

/**
 * Home: the operations dashboard (docs/product.md [screen.home] leaves its content open). What waits and for
 * how long first, then money and decisions (the chart library loads after the figures), then the platform
 * and reconciliation. Live: every change to a request table refetches it (live-topics.ts).
 */
export function HomePage() {
  usePageTitle('Admin Dashboard');
  const tz = useTimeZone();
  const { days, currency, setDays, setCurrency } = useDashboardParams();
  const overview = useDashboardOverview();
  const activity = useDashboardActivity({ days, tz });
  const o = overview.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Admin Dashboard</Title>
          <Text size="sm" c="dimmed">
            What is waiting, what moved, and how the platform is doing. Days in {tz}.
          </Text>
        </div>
        {o && (
          <Text size="xs" c="dimmed">
            Updated <EpochTime seconds={o.now} />
          </Text>
        )}
      </Group>
      {overview.isError && <ErrorAlert errors={errorsOf(overview.error)} />}
      {activity.isError && <ErrorAlert errors={errorsOf(activity.error)} />}
      {o && <FourEyesOff off={o.fourEyes.off} />}
      {o ? <QueueTiles overview={o} /> : <Skeleton h={236} radius="md" />}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <FundingCard
            activity={activity.data}
            currency={currency}
            onCurrency={setCurrency}
            days={days}
            dayChoices={DASHBOARD_DAY_CHOICES}
            onDays={setDays}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TodayCard activity={activity.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <StaffCard activity={activity.data} days={days} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            {o ? <PlatformCard platforms={o.platforms} now={o.now} /> : <Skeleton h={200} radius="md" />}
            {o ? <ReconciliationCard runs={o.reconciliation} /> : <Skeleton h={160} radius="md" />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
