import type { Page } from '@playwright/test';
import { calls } from '@brokerdesk/contract';
import { apiOf, fundingPage } from './support/api.ts';
import { blocking, describeViolations, runAxe } from './support/axe.ts';
import { ADMIN, expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** The chart library's chunk (apps/web/src/features/home/funding-chart.tsx). */
const isChartChunk = (url: string) => /\/assets\/funding-chart-[^/]+\.js$/.test(url);

const tile = (page: Page, queue: string) => page.getByTestId(`queue-${queue}`);

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test.describe(`operations dashboard at ${width}x${height} (${db})`, () => {
    test.use({ viewport: { width, height } });

    test('shows the queues, updates them after an approval, draws the charts, and passes axe', async ({
      page,
      browser,
      baseURL,
      signIn,
    }, testInfo) => {
      test.setTimeout(120_000);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      // Sign-in lands on New Clients: the chart library is not part of that load.
      await signIn(page);
      expect(scripts.filter(isChartChunk)).toEqual([]);

      await page.getByRole('link', { name: 'Brokerdesk' }).first().click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      const api = await apiOf(page);
      const overview = await api.call(calls.dashboard.getDashboardOverview);
      for (const q of overview.queues)
        await expect(tile(page, q.queue), q.queue).toHaveAttribute('data-count', String(q.count));

      // The chart arrives after the figures, in its own chunk, and draws bars.
      const chart = page.getByTestId('funding-chart');
      await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
      expect(scripts.filter(isChartChunk)).toHaveLength(1);
      await page.getByRole('radiogroup', { name: 'Period' }).getByText('90d', { exact: true }).click();
      await expect(page).toHaveURL(/days=90/);
      await expect(page.getByRole('heading', { name: 'Approved money, last 90 days' })).toBeVisible();
      await expect(chart.locator('.recharts-bar-rectangle').first()).toBeAttached();

      // Adam approves a pending deposit in his own browser; this one's tiles follow without a reload.
      const pending = await fundingPage(api, { type: 'deposit', status: 'pending', page: 1, sizePerPage: 5 });
      const target = pending.transfers.find((d) => d.depositAmountSent > 0)!;
      expect(target, 'the demo data has a pending deposit').toBeDefined();
      // No four-eyes threshold may turn this approval into a first approval (another spec sets some).
      await api.call(calls.approvals.setThreshold, {
        body: { requestType: 'deposit', currency: target.depositCurrency, amount: null },
      });
      const deposits = overview.queues.find((q) => q.queue === 'newDeposits')!.count;
      const todayCell = page
        .getByTestId('today-deposits')
        .locator(`[data-currency="${target.depositCurrency}"]`);
      const approvedBefore = Number(/(\d+) approved/.exec((await todayCell.textContent()) ?? '')?.[1] ?? 0);

      const adamContext = await browser.newContext({ baseURL });
      const adam = await adamContext.newPage();
      try {
        await signIn(adam, ADMIN);
        const approved = await (
          await apiOf(adam)
        ).send(calls.funding.processDeposit, { body: { depositId: target._id } });
        expect(approved.status()).toBe(200);
      } finally {
        await adamContext.close();
      }
      await expect(tile(page, 'newDeposits')).toHaveAttribute('data-count', String(deposits - 1));
      await expect(todayCell).toContainText(`${approvedBefore + 1} approved`);
      const staffRow = page.getByTestId('staff-row').filter({ hasText: 'Adam' });
      await expect(staffRow).toBeVisible();
      const activity = await api.call(calls.dashboard.getDashboardActivity, {
        query: { days: 90, tz: 'UTC' },
      });
      const adamToday = activity.staff.find((s) => s.name.startsWith('Adam'))!.today;
      expect(adamToday.approved).toBeGreaterThanOrEqual(1);

      await expect(page.getByTestId(/^platform-/).first()).toBeVisible();
      const violations = blocking(await runAxe(page));
      expect(violations, describeViolations('/', violations)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`dashboard-${width}x${height}.png`),
        fullPage: true,
      });
    });
  });
}
