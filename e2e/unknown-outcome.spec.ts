import { test as base, expect } from '@playwright/test';
import { calls, type FundingTab } from '@brokerdesk/contract';
import { codeFrom } from '../apps/server/test/support/smtp-receiver.ts';
import { apiOf, fundingPage } from './support/api.ts';
import { startConsole, type ConsoleServer } from './support/console-server.ts';
import { SYSOP } from './support/fixtures.ts';

/**
 * An unknown outcome, as staff meet it: MT5 does not answer a deposit credit in time (it lands an hour later), so
 * the console cannot know whether it was applied. The deposit shows "Checking with MT5" in amber on the
 * list, and its update modal says until when; nothing is sent again meanwhile.
 */
const test = base.extend<object, { server: ConsoleServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startConsole([SYSOP], { PLATFORM_FAULTS: 'late=3600' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test('a deposit whose credit outcome is unknown reads "Checking with MT5 until …"', async ({
  page,
  server,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(SYSOP.email);
  await page.getByLabel('Password', { exact: true }).fill(SYSOP.password);
  const before = server.smtp.count();
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  const code = codeFrom(await server.smtp.next(SYSOP.email, before));
  for (let i = 0; i < 6; i++) await page.getByLabel(`Digit ${i + 1}`).fill(code[i]!);
  await expect(page).toHaveURL(/\/users\/new$/);
  const api = await apiOf(page);
  const list = async (status: FundingTab) =>
    (await fundingPage(api, { type: 'deposit', status, page: 1, sizePerPage: 100, filters: {} })).transfers;
  const [first] = await list('pending');
  expect(first, 'the demo data has pending deposits').toBeDefined();
  const approved = await api.send(calls.funding.processDeposit, { body: { depositId: first!._id } });
  expect(approved.status()).toBe(200);
  await expect
    .poll(async () => (await list('historical')).find((d) => d._id === first!._id)?.MTStatus, {
      timeout: 20_000,
    })
    .toMatch(/^Checking with MT5 until \d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d UTC$/);

  await page.goto('/deposit-requests/historical');
  const row = page.getByRole('row', { name: new RegExp(first!.transactionId) });
  await expect(row.getByText('Checking with MT5', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/deposit-checking.png' });
  await row.dblclick();
  const modal = page.getByRole('dialog', { name: 'Update deposit' });
  await expect(modal.getByText(/Checking with MT5 until \d{4}\/\d\d\/\d\d/)).toBeVisible();
  await page.screenshot({ path: 'test-results/deposit-checking-modal.png' });
});
