import type { Page } from '@playwright/test';
import { blocking, describeViolations, runAxe, type AxeViolation } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Every signed-in route of apps/web/src/app/router.tsx, each status tab included. */
const tabs = (base: string, statuses: readonly string[]) => statuses.map((s) => `/${base}/${s}`);
const SCREENS = [
  '/',
  ...tabs('users', ['all', 'new', 'approved', 'pending', 'rejected']),
  '/add-user',
  '/manage-groups',
  '/historical-requests',
  '/approval-thresholds',
  '/wallet-accounts',
  '/trading-accounts',
  '/ib-requests',
  '/ib-codes',
  ...tabs('transfer-requests', ['pending', 'approved', 'rejected']),
  ...tabs('withdrawal-requests', ['historical', 'pending', 'incomplete', 'error']),
  ...tabs('deposit-requests', ['historical', 'pending', 'incomplete']),
  ...tabs('bank-verification-requests', ['pending', 'approved', 'rejected']),
  ...tabs('change-leverage-requests', ['pending', 'approved', 'rejected']),
  ...tabs('new-sub-account-requests', ['pending', 'approved', 'rejected']),
  '/audit',
  '/reconciliation',
  '/sessions',
  '/staff',
  '/no-such-screen',
];
const PUBLIC_SCREENS = ['/login', '/forgot-password', '/dev/outbox'];

/** Wait until the screen has drawn (no loader left), then run axe; blocking violations are collected. */
async function check(page: Page, where: string, found: string[]) {
  await expect(page.getByRole('heading').or(page.locator('form')).first()).toBeVisible();
  await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  const violations: AxeViolation[] = blocking(await runAxe(page));
  if (violations.length > 0) found.push(describeViolations(where, violations));
}

function report(found: string[]) {
  if (found.length > 0) console.log(found.join('\n'));
  expect(found, `serious or critical axe violations:\n${found.join('\n')}`).toEqual([]);
}

test.describe(`accessibility (${db})`, () => {
  test('the public screens have no serious or critical violation', async ({ page }) => {
    const found: string[] = [];
    for (const path of PUBLIC_SCREENS) {
      await page.goto(path);
      await check(page, path, found);
    }
    report(found);
  });

  test('every signed-in screen and status tab has no serious or critical violation', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const found: string[] = [];
    for (const path of SCREENS) {
      await page.goto(path);
      await check(page, path, found);
    }
    // A client's profile and application, reached from the list's link.
    await page.goto('/users/all');
    const profile = page.getByRole('table').first().locator('a[href^="/user/profile/"]').first();
    await expect(profile).toBeVisible();
    const href = (await profile.getAttribute('href'))!;
    await page.goto(href);
    await check(page, href, found);
    const application = href.replace('/user/profile/', '/user/application/');
    await page.goto(application);
    await check(page, application, found);
    report(found);
  });

  test('the main modals have no serious or critical violation', async ({ page, signIn }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const found: string[] = [];
    const openFrom = async (path: string, open: () => Promise<void>, title: string | RegExp) => {
      await page.goto(path);
      await expect(page.getByRole('table').first().locator('tbody tr').first()).toBeVisible();
      await open();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await check(page, `${path} · ${String(title)}`, found);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };
    const firstRow = () => page.locator('tbody tr[data-row-index]').first();
    // A double click on a cell holding no link or control: a row's client name links to the profile.
    const plainCell = () => firstRow().locator('td:not(:has(a, button, input))').first();
    await openFrom('/deposit-requests/pending', () => plainCell().dblclick(), 'Update deposit');
    await openFrom('/trading-accounts', () => firstRow().click(), /Account/i);
    await openFrom('/users/all', () => plainCell().dblclick(), /^Edit User: /);
    await openFrom(
      '/ib-codes',
      () => page.getByRole('button', { name: 'Add Introducer' }).click(),
      'New Introducer',
    );
    // The shortcuts and the settings of the header.
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await check(page, 'Keyboard shortcuts', found);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('textbox', { name: 'Time zone' })).toBeVisible();
    await check(page, 'Settings', found);
    report(found);
  });
});
