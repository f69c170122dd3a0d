import type { Locator, Page } from '@playwright/test';
import { FOUR_EYES_MESSAGES, MESSAGES, calls, type Deposit } from '@brokerdesk/contract';
import { apiOf, atCall, fundingPage, type Api } from './support/api.ts';
import { SYSOP, expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const LAPTOP = { width: 1366, height: 768 };
const WIDE = { width: 1920, height: 1080 };

const paged = { page: 1, sizePerPage: 50, sortField: 'timestamp', sortOrder: 'desc', filters: {} } as const;
const pendingDeposits = async (api: Api) =>
  (
    await fundingPage(api, {
      ...paged,
      type: 'deposit',
      status: 'pending',
    })
  ).transfers;
const banks = async (api: Api, status: 'pending' | 'approved' | 'rejected') =>
  (await api.call(calls.banks.pageBankAccounts, { params: { status }, body: paged })).bankAccounts;

/** Three pending deposits of one currency on the first page, with different amounts, smallest first. */
function threeOfOneCurrency(rows: Deposit[]): Deposit[] {
  const byCurrency = new Map<string, Deposit[]>();
  for (const d of rows.filter((r) => r.transactionId)) {
    const list = byCurrency.get(d.depositCurrency) ?? [];
    if (!list.some((o) => o.depositAmountSent === d.depositAmountSent)) list.push(d);
    byCurrency.set(d.depositCurrency, list);
  }
  const found = [...byCurrency.values()].find((list) => list.length >= 3);
  expect(found, 'the demo data has three pending deposits of one currency').toBeDefined();
  return found!.slice(0, 3).sort((a, b) => a.depositAmountSent - b.depositAmountSent);
}

const resultsOf = (page: Page) => page.getByTestId('bulk-results');

async function expectButtonsOnScreen(page: Page, count: number) {
  await expect(page.getByRole('button', { name: `Approve selected (${count})` })).toBeInViewport();
  await expect(page.getByRole('button', { name: `Reject selected (${count})` })).toBeInViewport();
}

async function tick(rows: Locator[]) {
  for (const row of rows) await row.getByRole('checkbox').check();
}

test.describe(`bulk approve and reject (${db})`, () => {
  test('deposits: select all on the page, approve three (one held by four-eyes), the held one is refused, then rejected', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, SYSOP);
    const api = await apiOf(page);
    const [small, middle, large] = threeOfOneCurrency(await pendingDeposits(api));
    const currency = large!.depositCurrency;
    // Four-eyes above an amount between the middle and the largest: only the largest waits.
    const threshold = Math.floor(((middle!.depositAmountSent + large!.depositAmountSent) / 2) * 100) / 100;
    await api.call(calls.approvals.setThreshold, {
      body: { requestType: 'deposit', currency, amount: threshold },
    });
    try {
      await page.goto('/deposit-requests/pending');
      const table = page.getByRole('table', { name: 'Deposits' });
      const rowOf = (d: Deposit) => table.getByRole('row').filter({ hasText: d.transactionId });
      await expect(rowOf(large!)).toBeVisible();

      // The header box selects every row of the page, and clears them again.
      const onPage = await table.getByRole('checkbox', { name: /^Select (?!all)/ }).count();
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await expectButtonsOnScreen(page, onPage);
      await page.getByRole('checkbox', { name: 'Select all on this page' }).uncheck();
      await expect(page.getByRole('button', { name: 'Approve selected (0)' })).toBeDisabled();

      await tick([rowOf(small!), rowOf(middle!), rowOf(large!)]);
      await expectButtonsOnScreen(page, 3);
      await page.screenshot({ path: 'test-results/bulk-deposits-selected-1366.png' });
      await page.getByRole('button', { name: 'Approve selected (3)' }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText('Are you sure you want to approve these 3 deposits?');
      await confirm.getByRole('button', { name: 'Approve' }).click();

      const results = resultsOf(page);
      await expect(results).toContainText('Approve selected: 3 done');
      await expect(results.locator('[data-result="done"]')).toHaveCount(3);
      await expect(results).toContainText(FOUR_EYES_MESSAGES.firstApprovalRecorded);
      await expect(rowOf(small!)).toHaveCount(0);
      await expect(rowOf(middle!)).toHaveCount(0);

      // The largest waits for a second approval: the same staff member is refused, in four-eyes' words.
      await tick([rowOf(large!)]);
      await page.getByRole('button', { name: 'Approve selected (1)' }).click();
      await expect(confirm).toContainText(MESSAGES.approveDeposit);
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await expect(results).toContainText('Approve selected: 0 done, 1 refused');
      await expect(results.locator('[data-result="refused"]')).toContainText(FOUR_EYES_MESSAGES.sameApprover);
      await page.screenshot({ path: 'test-results/bulk-deposits-results-1366.png' });

      // Rejecting needs one reason for all, as docs/product.md [rule.reject-reason] blocks a rejection
      // without one.
      await tick([rowOf(large!)]);
      await page.getByRole('button', { name: 'Reject selected (1)' }).click();
      const reasonModal = page.getByRole('dialog', { name: 'Reject selected' });
      await reasonModal.getByRole('button', { name: 'Reject 1' }).click();
      await expect(reasonModal).toContainText(MESSAGES.rejectWithoutReason('deposit'));
      await reasonModal.getByLabel('Reason').fill('Duplicate payment');
      await reasonModal.getByRole('button', { name: 'Reject 1' }).click();
      await expect(results).toContainText('Reject selected: 1 done');
      await expect(rowOf(large!)).toHaveCount(0);
      const reply = await api.call(calls.funding.getFundingRequest, {
        params: { type: 'deposit', id: large!._id },
      });
      expect(reply.data.request).toMatchObject({ status: 'rejected', comment: 'Duplicate payment' });

      await page.setViewportSize(WIDE);
      await tick([table.getByRole('row').nth(2)]);
      await expectButtonsOnScreen(page, 1);
      await page.screenshot({ path: 'test-results/bulk-deposits-1920.png' });
    } finally {
      await api.call(calls.approvals.setThreshold, {
        body: { requestType: 'deposit', currency, amount: null },
      });
    }
  });

  test('bank details: approve two and decline one from the pending tab', async ({ page, signIn }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, SYSOP);
    const api = await apiOf(page);
    // Other specs on this worker's console may have decided the demo's pending bank details: put
    // approved ones back to pending (any status may follow any other, docs/product.md [states]) until three
    // wait.
    let pending = await banks(api, 'pending');
    for (const b of (await banks(api, 'approved')).slice(0, Math.max(0, 3 - pending.length))) {
      const full = (await api.call(calls.banks.getBankAccount, { params: { id: b._id } })).bankAccount;
      await api.call(calls.banks.updateBankAccount, {
        body: {
          _id: b._id,
          bankName: full.bankName,
          bankAddress: full.bankAddress,
          bankCountry: full.bankCountry,
          bankAccountCurrency: full.bankAccountCurrency,
          bankAccountNumber: full.bankAccountNumber,
          bankSortCode: full.bankSortCode,
          bankIBAN: full.bankIBAN,
          bankSwift: full.bankSwift,
          status: 'pending',
        },
      });
    }
    pending = await banks(api, 'pending');
    expect(pending.length, 'three pending bank details').toBeGreaterThanOrEqual(3);
    const [first, second, third] = pending;
    await page.goto('/bank-verification-requests/pending');
    const table = page.getByRole('table', { name: 'Bank accounts' });
    // The screen's order is the call's (newest first).
    const row = (i: number) => table.locator(`tr[data-row-index="${i}"]`);
    await expect(table.locator('tr[data-row-index]')).toHaveCount(pending.length);

    // Select all, then keep the first two: a click on a box never opens the row's modal.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expectButtonsOnScreen(page, pending.length);
    for (let i = 2; i < pending.length; i++) await row(i).getByRole('checkbox').uncheck();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectButtonsOnScreen(page, 2);
    await page.getByRole('button', { name: 'Approve selected (2)' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to approve these 2 bank accounts?');
    // Hold the call until the progress bar has been seen: it shows while the rows are decided.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(atCall(calls.bulk.decideBankAccounts), async (route) => {
      await held;
      await route.continue();
    });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    // Nothing decided yet: the bar (empty, so of no width) and its count.
    await expect(page.getByRole('progressbar', { name: 'Bulk action progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expect(page.getByText('0 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Approve selected/ })).toBeDisabled();
    await page.screenshot({ path: 'test-results/bulk-banks-progress-1366.png' });
    release();
    const results = resultsOf(page);
    await expect(results).toContainText('Approve selected: 2 done');
    await expect(results.locator('[data-result="done"]')).toHaveCount(2);

    // Approved, they left the tab: the third is now the first row.
    await expect(table.locator('tr[data-row-index]')).toHaveCount(pending.length - 2);
    await tick([row(0)]);
    await page.getByRole('button', { name: 'Reject selected (1)' }).click();
    const reasonModal = page.getByRole('dialog', { name: 'Reject selected' });
    await reasonModal.getByLabel('Reason').fill('The statement is unreadable');
    await reasonModal.getByRole('button', { name: 'Reject 1' }).click();
    await expect(results).toContainText('Reject selected: 1 done');
    await page.screenshot({ path: 'test-results/bulk-banks-results-1366.png' });

    const approved = (await banks(api, 'approved')).map((b) => b._id);
    expect(approved).toEqual(expect.arrayContaining([first!._id, second!._id]));
    const declined = await banks(api, 'rejected');
    expect(declined.find((b) => b._id === third!._id)).toMatchObject({
      comment: 'The statement is unreadable',
    });
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: 'test-results/bulk-banks-1920.png' });
  });

  test('every other request list has the boxes and the buttons on a laptop screen; IB requests ask for one comment', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, SYSOP);
    const lists = [
      ['/withdrawal-requests/pending', 'Withdrawals', 'withdrawals'],
      ['/transfer-requests/pending', 'Internal transfers', 'transfers'],
      ['/change-leverage-requests/pending', 'Change leverage requests', 'leverage'],
      ['/new-sub-account-requests/pending', 'New sub account requests', 'sub-accounts'],
      ['/ib-requests', 'IB Requests', 'ib-requests'],
    ] as const;
    for (const [url, label, name] of lists) {
      await page.goto(url);
      const table = page.getByRole('table', { name: label });
      await expect(table).toBeVisible();
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      await expectButtonsOnScreen(page, 0);
      await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeVisible();
      await page.screenshot({ path: `test-results/bulk-${name}-1366.png` });
    }
    // IB requests are approved with a comment (docs/product.md [screen.ib-requests]): approving in bulk asks
    // for one for all.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: /^Approve selected \(\d+\)$/ }).click();
    const modal = page.getByRole('dialog', { name: 'Approve selected' });
    await modal.getByRole('button', { name: /^Approve \d+$/ }).click();
    await expect(modal).toContainText('A comment is required.');
    await page.screenshot({ path: 'test-results/bulk-ib-comment-1366.png' });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);
  });
});
