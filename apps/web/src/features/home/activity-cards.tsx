import { CURRENCIES, type DashboardActivity } from '@brokerdesk/contract';
import { Group, Progress, SegmentedControl, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { SectionCard } from '../../shared/section-card.tsx';
import { formatMoney, totalsByCurrency, type Currency } from './money.ts';

/** The chart and its library are a chunk of their own, asked for once the figures are on screen. */
const FundingChart = lazy(async () => ({ default: (await import('./funding-chart.tsx')).FundingChart }));
const CHART_HEIGHT = 260;

type ChartProps = {
  activity: DashboardActivity | undefined;
  currency: Currency;
  onCurrency: (c: Currency) => void;
  days: number;
  dayChoices: readonly number[];
  onDays: (d: number) => void;
};

/** Approved money per day, a currency at a time, over the period chosen. */
export function FundingCard({ activity, currency, onCurrency, days, dayChoices, onDays }: ChartProps) {
  const period = activity ? totalsByCurrency(activity.days).find((t) => t.currency === currency) : undefined;
  return (
    <SectionCard
      title={`Approved money, last ${days} days`}
      action={
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            size="xs"
            value={currency}
            onChange={(v) => onCurrency(v as Currency)}
            data={[...CURRENCIES]}
            aria-label="Currency"
          />
          <SegmentedControl
            size="xs"
            value={String(days)}
            onChange={(v) => onDays(Number(v))}
            data={dayChoices.map((d) => ({ value: String(d), label: `${d}d` }))}
            aria-label="Period"
          />
        </Group>
      }
    >
      {period && (
        <Group gap="xl" mb="xs">
          <Figure
            label="Deposits"
            value={period.deposits.amount}
            count={period.deposits.count}
            currency={currency}
          />
          <Figure
            label="Withdrawals"
            value={period.withdrawals.amount}
            count={period.withdrawals.count}
            currency={currency}
          />
          <Figure label="Net" value={period.net} currency={currency} />
        </Group>
      )}
      {activity ? (
        <Suspense fallback={<Skeleton h={CHART_HEIGHT} />}>
          <FundingChart days={activity.days} currency={currency} />
        </Suspense>
      ) : (
        <Skeleton h={CHART_HEIGHT} />
      )}
    </SectionCard>
  );
}

function Figure({
  label,
  value,
  count,
  currency,
}: {
  label: string;
  value: number;
  count?: number;
  currency: string;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} c={label === 'Net' && value < 0 ? 'red.7' : undefined}>
        {formatMoney(value)}{' '}
        <Text span size="xs" c="dimmed">
          {currency}
        </Text>
      </Text>
      {count !== undefined && (
        <Text size="xs" c="dimmed">
          {count.toLocaleString('en')} approved
        </Text>
      )}
    </div>
  );
}

const MOVEMENTS = [
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
] as const;

/** Today so far (the staff member's day): a column per currency. */
export function TodayCard({ activity }: { activity: DashboardActivity | undefined }) {
  const today = activity?.days.at(-1);
  const totals = today ? totalsByCurrency([today]) : [];
  return (
    <SectionCard title="Today">
      {!today ? (
        <Skeleton h={160} />
      ) : (
        <Table
          fz="sm"
          verticalSpacing={6}
          horizontalSpacing={6}
          data-testid="today-table"
          captionSide="bottom"
        >
          <Table.Caption>Approved since local midnight ({activity!.tz})</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {totals.map((t) => (
                <Table.Th key={t.currency} ta="right">
                  {t.currency}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MOVEMENTS.map(({ key, label }) => (
              <Table.Tr key={key} data-testid={`today-${key}`}>
                <Table.Th scope="row">{label}</Table.Th>
                {totals.map((t) => (
                  <Table.Td key={t.currency} ta="right" data-currency={t.currency}>
                    <Amount value={t[key].amount} count={t[key].count} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            <Table.Tr data-testid="today-net">
              <Table.Th scope="row">Net</Table.Th>
              {totals.map((t) => (
                <Table.Td key={t.currency} ta="right" fw={700} c={t.net < 0 ? 'red.7' : undefined}>
                  {formatMoney(t.net)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}

function Amount({ value, count }: { value: number; count: number }) {
  return (
    <>
      <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {count} approved
      </Text>
    </>
  );
}

/** Approvals and rejections per staff member, today and over the period, busiest first. */
export function StaffCard({ activity, days }: { activity: DashboardActivity | undefined; days: number }) {
  const staff = activity?.staff ?? [];
  const most = Math.max(1, ...staff.map((s) => s.period.approved + s.period.rejected));
  return (
    <SectionCard title="Decisions by staff">
      {!activity ? (
        <Skeleton h={160} />
      ) : staff.length === 0 ? (
        <Text size="sm" c="dimmed">
          No approvals or rejections in the last {days} days.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} mah={320}>
          <Table fz="sm" verticalSpacing={6} stickyHeader data-testid="staff-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Staff member</Table.Th>
                <Table.Th ta="right">Today</Table.Th>
                <Table.Th ta="right">{days} days</Table.Th>
                <Table.Th w="30%">
                  <Text span size="xs" c="teal.9" fw={600}>
                    Approved
                  </Text>{' '}
                  /{' '}
                  <Text span size="xs" c="red.8" fw={600}>
                    rejected
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.map((s) => (
                <Table.Tr key={s.staffId} data-testid="staff-row">
                  <Table.Td fw={600}>{s.name}</Table.Td>
                  <Table.Td ta="right">
                    <Counts approved={s.today.approved} rejected={s.today.rejected} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Counts approved={s.period.approved} rejected={s.period.rejected} />
                  </Table.Td>
                  <Table.Td>
                    <Progress.Root
                      size="md"
                      aria-label={`${s.name}: ${s.period.approved} approved, ${s.period.rejected} rejected`}
                    >
                      <Tooltip label={`${s.period.approved} approved`}>
                        <Progress.Section
                          value={(s.period.approved / most) * 100}
                          color="teal.6"
                          aria-label={`${s.name}: approved`}
                        />
                      </Tooltip>
                      <Tooltip label={`${s.period.rejected} rejected`}>
                        <Progress.Section
                          value={(s.period.rejected / most) * 100}
                          color="red.5"
                          aria-label={`${s.name}: rejected`}
                        />
                      </Tooltip>
                    </Progress.Root>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}

function Counts({ approved, rejected }: { approved: number; rejected: number }) {
  return (
    <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
      <Text span c="teal.9" fw={600}>
        {approved}
      </Text>
      <Text span c="dimmed">
        {' / '}
      </Text>
      <Text span c={rejected ? 'red.8' : 'dimmed'} fw={600}>
        {rejected}
      </Text>
    </Text>
  );
}
