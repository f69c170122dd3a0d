import { calls } from '@brokerdesk/contract';
import { expect, test } from './support/fixtures.ts';
import { apiOf, escapeRegExp as escape } from './support/api.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

test.describe(`accounts (${db})`, () => {
  test("changes an account's leverage through the account details modal", async ({ page, signIn }) => {
    await signIn(page);
    await page.goto('/trading-accounts');
    const api = await apiOf(page);
    // The newest live account: the first row of the LIVE tab as it opens.
    const live = await api.call(calls.accounts.pageAccounts, {
      params: { all: 'all', type: 'live', approved: 'approved' },
      body: { page: 1, sizePerPage: 10, sortField: 'timeCreated', sortOrder: 'desc', filters: {} },
    });
    const account = live.data.accounts[0];
    expect(account, 'the demo data has approved live accounts').toBeDefined();
    const target = account!.leverage === 300 ? 400 : 300;

    await page.getByRole('row', { name: new RegExp(`\\b${account!.number}\\b`) }).click();
    const modal = page.getByRole('dialog', { name: `Account ${account!.number}` });
    await expect(modal).toBeVisible();
    await modal.getByRole('textbox', { name: 'Leverage' }).click();
    await page.getByRole('option', { name: `1:${target}`, exact: true }).click();
    await page.screenshot({ path: 'test-results/account-leverage-modal.png' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('You have successfully updated the account.').first()).toBeVisible();

    // The worker sets the leverage on the platform; only then does the account show it.
    const applied = async () => {
      const r = await api.call(calls.accounts.pageLeverageRequests, {
        params: { status: 'approved' },
        body: {
          page: 1,
          sizePerPage: 10,
          filters: { accountNumber: { filterType: 'NUMBER', filterVal: account!.number } },
        },
      });
      return r.leverages.find((l) => l.newLeverage === `1:${target}`)?.MTStatus;
    };
    await expect.poll(applied, { timeout: 15_000 }).toBe('SUCCESS');
    const after = await api.call(calls.accounts.listClientAccounts, {
      params: { userId: account!.userId, type: 'live', approved: 'approved' },
    });
    expect(after.find((a) => a._id === account!._id)?.leverage).toBe(target);
    await page.screenshot({ path: 'test-results/account-leverage-done.png' });
  });

  test('approves a sub-account request through /new-sub-account-requests', async ({ page, signIn }) => {
    await signIn(page);
    await page.goto('/new-sub-account-requests/pending');
    await expect(page.getByRole('heading', { name: 'New Sub Account Requests' })).toBeVisible();
    const api = await apiOf(page);
    const pending = await api.call(calls.accounts.pageSubAccountRequests, {
      params: { live: 'all', status: 'pending' },
      body: { page: 1, sizePerPage: 100, filters: {} },
    });
    const request = pending.accounts.find((a) => !a.adminRequested);
    expect(request, 'the demo data has a pending sub-account request from a client').toBeDefined();
    const client = pending.users[request!.userId]!;
    const accountsOf = async () =>
      (
        await api.call(calls.accounts.listClientAccounts, {
          params: { userId: request!.userId, type: 'live', approved: 'approved' },
        })
      ).length +
      (
        await api.call(calls.accounts.listClientAccounts, {
          params: { userId: request!.userId, type: 'demo', approved: 'approved' },
        })
      ).length;
    const before = await accountsOf();
    const row = () => page.getByRole('row', { name: new RegExp(escape(client.email)) });

    await row().click();
    const modal = page.getByRole('dialog', { name: 'Update account' });
    await expect(modal).toBeVisible();
    await modal.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: /^Approve/ }).click();
    await page.screenshot({ path: 'test-results/sub-account-modal.png' });
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('You have successfully updated the account.').first()).toBeVisible();
    await expect(row()).toHaveCount(0);

    // The account is opened on the platform by the worker, then approved in the console.
    await expect.poll(accountsOf, { timeout: 15_000 }).toBe(before + 1);
    const approved = await api.call(calls.accounts.pageSubAccountRequests, {
      params: { live: 'all', status: 'approved' },
      body: { page: 1, sizePerPage: 100, filters: {} },
    });
    expect(approved.accounts.some((a) => a._id === request!._id)).toBe(true);
    await page.goto('/new-sub-account-requests/approved');
    await expect(row().first()).toBeVisible();
    await page.screenshot({ path: 'test-results/sub-account-approved.png' });
  });
});
