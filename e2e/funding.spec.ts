import { calls, type FundingTab } from '@brokerdesk/contract';
import { apiOf, fundingPage, isCall } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

test.describe(`funding (${db})`, () => {
  test('approves a pending deposit and the platform credits it', async ({ page, signIn }) => {
    await signIn(page);
    await page.goto('/deposit-requests/pending');
    await expect(page.getByRole('heading', { name: /Deposit/i }).first()).toBeVisible();
    const api = await apiOf(page);
    const list = async (status: FundingTab, transactionId?: string) =>
      (
        await fundingPage(api, {
          type: 'deposit',
          status,
          page: 1,
          sizePerPage: 50,
          filters: transactionId ? { transactionId: { filterType: 'TEXT', filterVal: transactionId } } : {},
        })
      ).transfers;
    const [first] = await list('pending');
    expect(first, 'the demo data has pending deposits').toBeDefined();

    const row = page.getByRole('row', { name: new RegExp(first!.transactionId) });
    // On the transaction id: the row's middle may be the client's name, a link to their profile.
    await row.getByText(first!.transactionId).dblclick();
    const modal = page.getByRole('dialog', { name: 'Update deposit' });
    await expect(modal).toBeVisible();
    await modal.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Approve & process' }).click();
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Deposit updated.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(first!.transactionId) })).toHaveCount(0);
    // Closing steps back over the modal's history entry; the page.goto below would abort that step.
    await expect(modal).toBeHidden();
    await expect.poll(() => new URL(page.url()).searchParams.has('open')).toBe(false);

    // The worker credits the account on the simulator; MTStatus turns SUCCESS.
    await expect
      .poll(async () => (await list('historical', first!.transactionId))[0]?.MTStatus, { timeout: 15_000 })
      .toBe('SUCCESS');
    await page.goto('/deposit-requests/historical');
    await expect(page.getByRole('row', { name: new RegExp(first!.transactionId) })).toBeVisible();
    await page.screenshot({ path: 'test-results/deposits.png' });
  });

  test('rejects a pending withdrawal, a reason being required', async ({ page, signIn }) => {
    await signIn(page);
    await page.goto('/withdrawal-requests/pending');
    const api = await apiOf(page);
    const pending = async () =>
      (
        await fundingPage(api, {
          type: 'withdrawal',
          status: 'pending',
          page: 1,
          sizePerPage: 100,
          filters: {},
        })
      ).transfers;
    const [target] = await pending();
    expect(target, 'the demo data has pending withdrawals').toBeDefined();
    const row = page.getByRole('row', { name: new RegExp(target!.requestId) });
    await row.getByRole('button', { name: 'Reject' }).click();
    const modal = page.getByRole('dialog', { name: 'Update withdrawal' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('You cannot reject withdrawal without a reason').first()).toBeVisible();
    await modal.getByLabel('Comment').fill('Open positions on the account.');
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Withdrawal updated.')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(target!.requestId) })).toHaveCount(0);
    expect((await pending()).some((w) => w._id === target!._id)).toBe(false);
  });
});

test.describe(`funding repairs and orders (${db})`, () => {
  test('rejects a withdrawal from the Error tab; the Orders table pages on the server', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const orders = page.waitForResponse(isCall(calls.funding.listWithdrawalOrders));
    await page.goto('/withdrawal-requests/error');
    expect((await orders).status()).toBe(200);
    const api = await apiOf(page);
    const errors = async () =>
      (
        await fundingPage(api, {
          type: 'withdrawal',
          status: 'error',
          page: 1,
          sizePerPage: 10,
          filters: {},
        })
      ).transfers;
    const [target] = await errors();
    expect(target, 'the demo data has withdrawals the platform refused').toBeDefined();

    await page
      .getByRole('table', { name: 'Withdrawals' })
      .getByRole('row', { name: new RegExp(target!.requestId) })
      .dblclick();
    const modal = page.getByRole('dialog', { name: 'Update withdrawal' });
    await modal.getByRole('textbox', { name: 'Status' }).click();
    await expect(page.getByRole('option', { name: 'Retry' })).toBeVisible();
    await page.getByRole('option', { name: 'Reject' }).click();
    await modal.getByLabel('Comment').fill('The client withdrew the request.');
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Withdrawal updated.')).toBeVisible();
    await expect(modal).toBeHidden();
    expect((await errors()).some((w) => w._id === target!._id)).toBe(false);

    // The second table asks the server for its own page when its page size changes.
    const section = page.getByRole('region', { name: 'Orders' });
    await expect(section.getByRole('columnheader', { name: 'Order ID' })).toBeVisible();
    await expect(section.getByRole('row')).not.toHaveCount(1);
    const next = page.waitForRequest(
      (r) => isCall(calls.funding.listWithdrawalOrders)(r) && /sizePerPage=50/.test(r.url()),
    );
    await section.getByRole('textbox', { name: /rows per page/i }).click();
    await page.getByRole('option', { name: '50' }).click();
    await next;
  });
});

test.describe(`row actions on a laptop screen (${db})`, () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('Approve and Reject of every pending row stay on screen at 1366x768', async ({ page, signIn }) => {
    await signIn(page);
    let checked = 0;
    for (const path of [
      '/withdrawal-requests/pending',
      '/transfer-requests/pending',
      '/deposit-requests/incomplete',
    ]) {
      await page.goto(path);
      // The list has loaded: rows (with their actions) or the empty message.
      // The row's own buttons, not the bulk bar's 'Approve selected (N)'.
      const approve = page.getByRole('button', { name: /^Approve(?! selected)/ });
      await expect(approve.first().or(page.getByText(/^No \w+\.$/))).toBeVisible();
      if ((await approve.count()) === 0) continue;
      for (const button of [
        approve.first(),
        page.getByRole('button', { name: /^Reject(?! selected)/ }).first(),
      ]) {
        const box = await button.boundingBox();
        expect(box, path).not.toBeNull();
        expect(box!.x + box!.width, `${path}: the button ends inside the window`).toBeLessThanOrEqual(1366);
      }
      checked++;
      await page.screenshot({ path: `test-results/actions-1366${path.replaceAll('/', '-')}.png` });
    }
    expect(checked, 'the demo data has pending withdrawals and incomplete deposits').toBeGreaterThanOrEqual(
      2,
    );
  });
});
