import type { Page } from '@playwright/test';
import { calls, type FundingTab } from '@brokerdesk/contract';
import { apiOf, fundingPage } from './support/api.ts';
import { ADMIN, SYSOP, expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

async function depositsOf(page: Page, status: FundingTab, transactionId?: string) {
  const reply = await fundingPage(await apiOf(page), {
    type: 'deposit',
    status,
    page: 1,
    sizePerPage: 50,
    filters: transactionId ? { transactionId: { filterType: 'TEXT', filterVal: transactionId } } : {},
  });
  return reply.transfers;
}

async function chooseStatus(page: Page, option: string) {
  const modal = page.getByRole('dialog', { name: 'Update deposit' });
  await modal.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe(`four-eyes approvals (${db})`, () => {
  test('a SYSOP sets a threshold; one staff member approves first, another gives the second approval', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    // Sofia (SYSOP) sets the threshold below a pending deposit's amount, on the settings screen.
    await signIn(page, SYSOP);
    await page.goto('/deposit-requests/pending');
    const [target] = (await depositsOf(page, 'pending')).filter((d) => d.depositAmountSent > 1);
    expect(target, 'the demo data has pending deposits').toBeDefined();
    const currency = target!.depositCurrency;
    await page.getByRole('link', { name: 'Four-eyes approvals' }).click();
    await expect(page.getByRole('heading', { name: 'Four-eyes approvals' })).toBeVisible();
    await page.getByLabel(`Deposits above (${currency})`).fill('1');
    await page.getByRole('button', { name: 'Save deposits thresholds' }).click();
    await expect(page.getByText('Threshold saved.')).toBeVisible();

    // Adam (ADMIN), in his own browser, gives the first approval: nothing moves yet.
    const adamContext = await browser.newContext({ baseURL });
    const adam = await adamContext.newPage();
    try {
      await signIn(adam, ADMIN);
      await adam.goto('/deposit-requests/pending');
      // On the transaction id: the row's middle may be the client's name, a link to their profile.
      await adam
        .getByRole('row', { name: new RegExp(target!.transactionId) })
        .getByText(target!.transactionId)
        .dblclick();
      await chooseStatus(adam, 'Approve & process');
      await adam
        .getByRole('dialog', { name: 'Update deposit' })
        .getByLabel('Comment')
        .fill('Statement checked');
      await adam.getByRole('button', { name: 'Update' }).click();
      await expect(adam.getByText('A different staff member must give the second approval.')).toBeVisible();
      const adamRow = adam.getByRole('row', { name: new RegExp(target!.transactionId) });
      await expect(adamRow).toContainText('Awaiting second approval');
      await expect(adamRow).toContainText('1st: Adam');
      expect((await depositsOf(adam, 'pending', target!.transactionId))[0]?.status).toBe('pending');

      // He may not give the second approval himself: the modal leaves it out and says why.
      await adamRow.getByText(target!.transactionId).dblclick();
      const adamModal = adam.getByRole('dialog', { name: 'Update deposit' });
      await expect(adamModal.getByText('a different staff member must give the second')).toBeVisible();
      await adamModal.getByRole('textbox', { name: 'Status' }).click();
      await expect(adam.getByRole('option', { name: 'Reject' })).toBeVisible();
      await expect(adam.getByRole('option', { name: 'Approve & process' })).toHaveCount(0);
      await adam.screenshot({ path: 'test-results/four-eyes-first-approver.png' });
      await adam.keyboard.press('Escape');
    } finally {
      await adamContext.close();
    }

    // Sofia sees who approved first and gives the second approval: the deposit is credited.
    await page.goto('/deposit-requests/pending');
    const row = page.getByRole('row', { name: new RegExp(target!.transactionId) });
    await expect(row).toContainText('Awaiting second approval');
    await row.getByText(target!.transactionId).dblclick();
    const modal = page.getByRole('dialog', { name: 'Update deposit' });
    await expect(modal.getByText('First approval:')).toBeVisible();
    await expect(modal).toContainText('Statement checked');
    await page.screenshot({ path: 'test-results/four-eyes-second-approver.png' });
    await chooseStatus(page, 'Approve & process');
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Deposit updated.')).toBeVisible();
    // Closing steps back over the modal's history entry; a page.goto while that step is under way is
    // aborted by the browser, so wait for the address to lose the modal first.
    await expect(modal).toBeHidden();
    await expect.poll(() => new URL(page.url()).searchParams.has('open')).toBe(false);
    await expect
      .poll(async () => (await depositsOf(page, 'historical', target!.transactionId))[0]?.MTStatus, {
        timeout: 15_000,
      })
      .toBe('SUCCESS');
    await page.goto('/deposit-requests/historical');
    // On a decided tab the four-eyes column starts hidden: shown from the column chooser.
    await page.getByRole('button', { name: /^Columns \d/ }).click();
    await page
      .getByRole('group', { name: 'Columns to show' })
      .getByRole('checkbox', { name: 'Four-eyes' })
      .check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('row', { name: new RegExp(target!.transactionId) })).toContainText(
      /Two approvals.*Adam.*\+.*Sofia/,
    );
    // Columns are kept per staff member: put this list back to its defaults for the specs after this one.
    await page.getByRole('button', { name: /^Columns \d/ }).click();
    await page.getByRole('button', { name: 'List defaults' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'Four-eyes' })).toHaveCount(0);

    // Leave no threshold behind for the other specs sharing this server.
    const cleared = await (
      await apiOf(page)
    ).send(calls.approvals.setThreshold, { body: { requestType: 'deposit', currency, amount: null } });
    expect(cleared.status()).toBe(200);
  });
});
