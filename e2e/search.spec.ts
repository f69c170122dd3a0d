import { calls } from '@brokerdesk/contract';
import { expect, test } from './support/fixtures.ts';
import { apiOf, escapeRegExp as escape } from './support/api.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

test.describe(`global search (${db})`, () => {
  test("Ctrl+K, a seeded client's email, Enter: the client's profile", async ({ page, signIn }) => {
    await signIn(page);
    const r = await (
      await apiOf(page)
    ).call(calls.clients.pageUsers, {
      params: { status: 'all' },
      body: { page: 1, sizePerPage: 10, sortField: 'email', sortOrder: 'asc', filters: {} },
    });
    const [client] = r.clients;
    expect(client, 'the demo data has clients').toBeDefined();

    // From anywhere, a text field included.
    await page.goto('/users/all');
    const filter = page.getByRole('textbox').first();
    await filter.click();
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole('combobox', { name: /Search clients/ });
    await expect(box).toBeFocused();

    await box.pressSequentially(client!.email.toUpperCase());
    const option = dialog.getByRole('option', { name: new RegExp(escape(client!.email), 'i') });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Clients' })).toBeVisible();
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(option).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/user/profile/${client!._id}$`));
    await expect(dialog).toBeHidden();
    await expect(page.getByText(client!.email).first()).toBeVisible();
  });

  test('Escape closes it, and the header button opens it', async ({ page, signIn }) => {
    await signIn(page);
    await page.getByRole('button', { name: /^Search/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox').fill('no-such-client-anywhere@nowhere.test');
    await expect(dialog.getByText(/Nothing found for/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
