import type { Page } from '@playwright/test';
import { calls, type CallReply } from '@brokerdesk/contract';
import { expect, test } from './support/fixtures.ts';
import { apiOf, escapeRegExp as escape, isCall, replyOf } from './support/api.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

test.describe(`bank verification (${db})`, () => {
  test('declines a bank account through the Bank details modal, a comment being required', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto('/bank-verification-requests/pending');
    await expect(page.getByRole('heading', { name: 'Bank Accounts' })).toBeVisible();
    const list = await banksOf(page);
    const bank = list.bankAccounts.pending[0];
    expect(bank, 'the demo data has pending bank accounts').toBeDefined();
    const client = list.users[bank!.userId]!;
    const row = () =>
      page.getByRole('row', { name: new RegExp(`${escape(client.email)}.*${escape(bank!.bankName)}`) });

    await row().first().click();
    const modal = page.getByRole('dialog', { name: 'Bank details' });
    await expect(modal).toBeVisible();
    await modal.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'DECLINED' }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('You cannot reject account without a reason').first()).toBeVisible();
    expect((await banksOf(page)).bankAccounts.pending.some((b) => b._id === bank!._id)).toBe(true);

    await modal.getByLabel('Comment').fill('The statement is older than three months.');
    await page.screenshot({ path: 'test-results/bank-decline-modal.png' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Bank details updated.').first()).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(row()).toHaveCount(0);

    const after = await banksOf(page);
    expect(after.bankAccounts.pending.some((b) => b._id === bank!._id)).toBe(false);
    expect(after.bankAccounts.rejected.find((b) => b._id === bank!._id)).toMatchObject({
      status: 'rejected',
      comment: 'The statement is older than three months.',
    });
    await page.getByRole('tab', { name: 'DECLINED' }).click();
    await expect(row().first()).toBeVisible();
    await page.screenshot({ path: 'test-results/bank-declined.png' });
  });

  test('pages, filters and sorts on the server, the view in the URL', async ({ page, signIn }) => {
    await signIn(page);
    const list = await banksOf(page);
    const approved = list.bankAccounts.approved;
    expect(approved.length, 'the demo data has approved bank accounts').toBeGreaterThan(0);
    const bank = approved[approved.length - 1]!;
    const email = list.users[bank.userId]!.email;

    // The screen asks the server for one page of the tab, as the URL's list state says.
    const first = pagedCall(page, 'approved');
    await page.goto('/bank-verification-requests/approved?size=50');
    const reply = await first;
    expect(reply.request).toMatchObject({ page: 1, sizePerPage: 50, sortField: 'timestamp', filters: {} });
    await expect(page.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(
      reply.body.bankAccounts.length,
    );

    const filtered = pagedCall(page, 'approved');
    await page.goto(
      `/bank-verification-requests/approved?size=50&sort=bankName&order=asc&f.email=${encodeURIComponent(email)}`,
    );
    const narrowed = await filtered;
    expect(narrowed.request).toMatchObject({
      sortField: 'bankName',
      sortOrder: 'asc',
      filters: { email: { filterType: 'TEXT', filterVal: email } },
    });
    expect(narrowed.body.bankAccounts.map((b) => b._id)).toContain(bank._id);
    expect(Object.keys(narrowed.body.users)).toEqual([bank.userId]);
    await expect(page.getByRole('row', { name: new RegExp(escape(bank.bankName)) }).first()).toBeVisible();
    await expect(page.getByText('accounts of each status are listed')).toHaveCount(0);
    await expect(page.getByText('Click a row to review the bank details.')).toBeVisible();
  });
});

/** The next paged bank-list call of a tab: what the screen asked for and what it got. */
async function pagedCall(page: Page, status: 'pending' | 'approved' | 'rejected') {
  const response = await page.waitForResponse(isCall(calls.banks.pageBankAccounts, { status }));
  expect(response.status()).toBe(200);
  return {
    request: response.request().postDataJSON() as Record<string, unknown>,
    body: await replyOf(calls.banks.pageBankAccounts, response),
  };
}

async function banksOf(page: Page): Promise<CallReply<typeof calls.banks.listBankAccounts>> {
  return (await apiOf(page)).call(calls.banks.listBankAccounts);
}

test.describe(`ways to every screen (${db})`, () => {
  test('the DECLINED tab has its own address, and the sidebar leads to historical requests and groups', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await page.goto('/bank-verification-requests/declined');
    await expect(page).toHaveURL(/\/bank-verification-requests\/rejected$/);
    await expect(page.getByRole('heading', { name: 'Bank Accounts' })).toBeVisible();
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Historical Requests' }).click();
    await expect(page).toHaveURL(/\/historical-requests/);
    await nav.getByRole('link', { name: 'Manage Groups' }).click();
    await expect(page).toHaveURL(/\/manage-groups$/);
  });
});
