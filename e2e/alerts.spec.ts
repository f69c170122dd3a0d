import { ALERT_MESSAGES, calls } from '@brokerdesk/contract';
import { apiOf, fundingPage, type Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The loosest settings the rules allow (docs/product.md [alerts.thresholds]): any withdrawal with a deposit
 * in its currency within 90 days before it fires the round trip, so the demo's open withdrawals give alerts.
 */
const LOOSE = [
  { rule: 'round-trip', setting: 'share-percent', currency: '', value: 1 },
  { rule: 'round-trip', setting: 'window-days', currency: '', value: 90 },
  ...(['EUR', 'GBP', 'USD'] as const).map((currency) => ({
    rule: 'round-trip' as const,
    setting: 'min-amount',
    currency,
    value: 0,
  })),
] as const;

/** Open alerts on the demo: the rules run now, loosened, on the clients of the demo's open withdrawals. */
async function someOpenAlerts(api: Api): Promise<void> {
  const open = () => api.call(calls.alerts.listAlerts, { query: { status: 'open', page: 1, pageSize: 1 } });
  if ((await open()).total > 0) return;
  const before = (await api.call(calls.alerts.listAlertThresholds)).thresholds;
  try {
    for (const body of LOOSE) await api.call(calls.alerts.setAlertThreshold, { body });
    const list = await fundingPage(api, {
      type: 'withdrawal',
      status: 'pending',
      page: 1,
      sizePerPage: 50,
      filters: {},
    });
    for (const userId of [...new Set(list.transfers.map((w) => w.userId))].slice(0, 10)) {
      await api.call(calls.alerts.evaluateClientAlerts, { params: { userId } });
      if ((await open()).total > 0) return;
    }
    throw new Error('no rule fired on the demo clients');
  } finally {
    for (const t of before) {
      const { rule, setting, currency, value } = t;
      await api.call(calls.alerts.setAlertThreshold, { body: { rule, setting, currency, value } });
    }
  }
}

test.describe(`alerts at 1366x768 (${db})`, () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('lists open alerts in plain words; assign to me, then resolve with a required note', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    await someOpenAlerts(api);
    const [first] = (
      await api.call(calls.alerts.listAlerts, { query: { status: 'open', page: 1, pageSize: 25 } })
    ).alerts;

    await page.getByRole('link', { name: 'Alerts' }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
    await expect(page.getByTestId('open-alerts-count')).toHaveText(/\d+ open alerts?/);
    const row = page.locator(`tr[data-alert-id="${first!.id}"]`);
    await expect(row).toContainText(first!.summary);
    await expect(row).toContainText(first!.clientName);

    await row.getByRole('button', { name: 'Assign to me' }).click();
    await expect(row.getByRole('cell', { name: 'You', exact: true })).toBeVisible();
    // Nothing on the page scrolls sideways at a laptop's width.
    const [scroll, width] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(width);
    await page.screenshot({ path: 'test-results/alerts-1366.png', fullPage: false });

    await row.getByRole('button', { name: 'Resolve' }).click();
    const modal = page.getByRole('dialog', { name: 'Resolve alert' });
    await modal.getByRole('button', { name: 'Clear alert' }).click();
    await expect(modal.getByText(ALERT_MESSAGES.noteRequired)).toBeVisible();
    await modal.getByLabel('Note').fill('Checked the statement: the client’s own card and account.');
    await page.screenshot({ path: 'test-results/alerts-1366-resolve.png', fullPage: false });
    await modal.getByRole('button', { name: 'Clear alert' }).click();
    await expect(page.getByText(ALERT_MESSAGES.cleared)).toBeVisible();
    await expect(row).toHaveCount(0);

    const cleared = await api.call(calls.alerts.listAlerts, {
      query: { status: 'cleared', page: 1, pageSize: 100 },
    });
    expect(cleared.alerts.find((a) => a.id === first!.id)).toMatchObject({
      status: 'cleared',
      note: 'Checked the statement: the client’s own card and account.',
    });
  });

  test('the settings list every threshold; a value out of range cannot be saved', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto('/alerts/settings');
    const table = page.getByRole('table', { name: 'Alert settings' });
    // A header and one row per setting, per currency where it is money.
    await expect(table.getByRole('row')).toHaveCount(17);
    const share = table.getByLabel('Share of the deposits withdrawn (%)');
    await share.fill('101');
    await expect(table.getByText('From 1 to 100')).toBeVisible();
    const refunds = page.getByRole('table', { name: 'Refund settings' });
    await expect(refunds.getByRole('row')).toHaveCount(5);
    await expect(refunds.getByLabel('Card takes refunds')).toBeChecked();
    await expect(refunds.getByLabel('Bank wire takes refunds')).not.toBeChecked();
  });
});
