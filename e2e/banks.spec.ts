import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { escapeRegExp as escape } from './support/api.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
type Bank = { _id: string; userId: string; bankName: string; status: string; comment: string };
type Banks = {
  users: Record<string, { name: string; surname: string; email: string }>;
  bankAccounts: { pending: Bank[]; approved: Bank[]; rejected: Bank[] };
};

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
});

async function banksOf(page: Page): Promise<Banks> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const r = await page.request.get('/api/admin/accounts/adminGetBankAccounts/all/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.status()).toBe(200);
  return (await r.json()) as Banks;
}
