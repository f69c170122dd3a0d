import '@mantine/charts/styles.css';
import type { ActivityDay } from '@brokerdesk/contract';
import { BarChart } from '@mantine/charts';
import { chartPoints, formatCompact, formatMoney, type Currency } from './money.ts';

/**
 * Approved deposits and withdrawals per day in one currency. Its own chunk (with @mantine/charts and
 * recharts), loaded after the dashboard's figures, so no other screen carries the chart library.
 */
export function FundingChart({ days, currency }: { days: ActivityDay[]; currency: Currency }) {
  return (
    <BarChart
      h={260}
      data={chartPoints(days, currency)}
      dataKey="date"
      series={[
        { name: 'deposits', label: 'Deposits', color: 'teal.6' },
        { name: 'withdrawals', label: 'Withdrawals', color: 'orange.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 36 }}
      tickLine="y"
      gridAxis="y"
      valueFormatter={(v) => `${formatMoney(v)} ${currency}`}
      yAxisProps={{ tickFormatter: (v: number) => formatCompact(v), width: 48 }}
      xAxisProps={{ minTickGap: 12 }}
      barProps={{ radius: 2 }}
      maxBarWidth={18}
      data-testid="funding-chart"
    />
  );
}
