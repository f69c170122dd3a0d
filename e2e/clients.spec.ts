import type { Page } from '@playwright/test';
import { calls } from '@brokerdesk/contract';
import { apiOf, replyOf } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Adds a client through the API with the signed-in staff member's own token. */
async function addClient(page: Page, surname: string): Promise<string> {
  const r = await (
    await apiOf(page)
  ).send(calls.clients.registerUser, {
    body: {
      email: `${surname.toLowerCase()}@clients.example`,
      password: 'secret1',
      password2: 'secret1',
      title: 'Mrs.',
      name: 'Grace',
      surname,
      mobilePhone: '07700 900123',
      addressNo: '1',
      address: 'High Street',
      city: 'Bristol',
      postcode: 'BS1 1AA',
      country: 'GB',
      nationality: 'GB',
      birthDay: 9,
      birthMonth: 12,
      birthYear: 1985,
    },
  });
  expect(r.status()).toBe(200);
  return (await replyOf(calls.clients.registerUser, r)).user._id;
}

test.describe(`client management (${db})`, () => {
  test('list -> filter -> edit -> profile -> compliance approve -> log entry', async ({ page, signIn }) => {
    await signIn(page);
    await addClient(page, 'Hopper');
    await addClient(page, 'Lovelace');

    await page.goto('/users/all');
    await expect(page.getByRole('heading', { name: 'All Accounts' })).toBeVisible();
    // The columns a laptop screen shows at first; the others are in the column chooser.
    for (const header of [
      'STATUS',
      'TIME OF REGISTRATION',
      'EMAIL',
      'COUNTRY OF RESID.',
      'eKYC APPROVED',
      'PROFILE',
    ]) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(page.getByRole('cell', { name: 'Hopper', exact: true })).toBeVisible();

    await page.getByLabel('Filter LAST NAME').fill('lovel');
    await expect(page).toHaveURL(/lovel/);
    await expect(page.getByRole('cell', { name: 'Hopper', exact: true })).toHaveCount(0);
    const row = page.getByRole('row', { name: /Lovelace/ });
    await expect(row).toBeVisible();

    await row.dblclick();
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await modal.getByLabel('City').fill('Bath');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('You have successfully updated the client.')).toBeVisible();
    await expect(modal).toBeHidden();

    // The profile link moves within the console (no page load: the marker survives).
    await page.evaluate(() => ((globalThis as unknown as { stayed?: boolean }).stayed = true));
    await row.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/user\/profile\/[0-9a-f]{24}$/);
    await expect(page.getByText('Grace Lovelace').first()).toBeVisible();
    expect(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Are you sure you want to change user status to approved?')).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Status changed to approved').first()).toBeVisible();

    await page.getByRole('button', { name: 'ADD', exact: true }).last().click();
    const logModal = page.getByRole('dialog');
    await logModal.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(logModal.getByText('Event is required.')).toBeVisible();
    await logModal.getByLabel('Event').fill('Called the client about her documents');
    await logModal.getByRole('button', { name: 'Add', exact: true }).click();
    // The profile's one activity card lists the client log's lines among the client's other events.
    await expect(
      page.getByRole('list', { name: 'Activity' }).getByText('Called the client about her documents'),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/profile.png', fullPage: true });
  });

  test('exports the filtered list as CSV', async ({ page, signIn }) => {
    await signIn(page);
    await addClient(page, 'Babbage');
    await page.goto('/users/all?f.surname=babb');
    await expect(page.getByRole('cell', { name: 'Babbage', exact: true })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clients-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await (await download.createReadStream()).toArray()).join('');
    const lines = text.trimEnd().split('\r\n');
    // Every cell is quoted (formula-safe CSV).
    expect(lines[0]).toMatch(/^"Id","Registered \(UTC\)","Name","Surname","Email"/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('babbage@clients.example');
  });
});
