import { calls } from '@brokerdesk/contract';
import { apiOf, fundingPage } from './support/api.ts';
import { ADMIN, expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

test.describe(`live updates (${db})`, () => {
  test("a deposit that becomes pending through the API reaches another browser's badge and list within a second", async ({
    page,
    browser,
    server,
    signIn,
  }) => {
    // The second staff member, in a browser context of their own.
    const watcherContext = await browser.newContext({ baseURL: server.url });
    const watcher = await watcherContext.newPage();
    await signIn(watcher, ADMIN);
    await signIn(page);

    // An incomplete deposit with a transaction id, from the demo data.
    const api = await apiOf(page);
    const incomplete = await fundingPage(api, {
      type: 'deposit',
      status: 'incomplete',
      page: 1,
      sizePerPage: 100,
      filters: {},
    });
    const deposit = incomplete.transfers.find((d) => d.transactionId !== '');
    expect(deposit, 'the demo data has an incomplete deposit with a transaction id').toBeDefined();
    const { newDeposits } = await api.call(calls.system.countNewRequests);

    // The watcher looks at the pending deposits with that transaction id: none yet.
    await watcher.goto(
      `/deposit-requests/pending?f.transactionId=${encodeURIComponent(deposit!.transactionId)}`,
    );
    await expect(watcher.getByText('No deposits.')).toBeVisible();
    await expect(watcher.getByTestId('live-status')).toHaveAttribute('data-state', 'live');
    const depositsLink = watcher.getByRole('navigation', { name: 'Main menu' }).getByRole('link', {
      name: /^Deposits/,
    });
    if (newDeposits > 0) await expect(depositsLink.getByLabel(`${newDeposits} new`)).toBeVisible();

    await api.call(calls.funding.updateDeposit, {
      body: { deposit: { _id: deposit!._id, status: 'pending', comment: 'Proof of payment received.' } },
    });

    // Within a second, with no reload: the badge counts it, and the list offers it without jumping.
    await expect(depositsLink.getByLabel(`${newDeposits + 1} new`)).toBeVisible({ timeout: 1000 });
    const offer = watcher.getByTestId('new-rows');
    await expect(offer).toHaveText('1 new row · Show', { timeout: 1000 });
    await expect(watcher.getByText('No deposits.')).toBeVisible();
    await offer.click();
    // (The filter row holds the id as an input value, not as text.)
    await expect(watcher.getByRole('row').filter({ hasText: deposit!.transactionId })).toBeVisible();
    await expect(offer).toBeHidden();
    await watcherContext.close();
  });
});
