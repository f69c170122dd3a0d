import { apiOf, escapeRegExp } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
type Deposit = { _id: string; transactionId: string };
type Client = { _id: string; email: string; name: string; surname: string };

/** The `open` param of the page's address, or null. */
const openParam = (url: string) => new URL(url).searchParams.get('open');

test.describe(`deep links to modals (${db})`, () => {
  test('a link opens Update deposit; double-click puts the row in the URL; Back closes it', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const reply = await api.post<{ data: { transfers: Deposit[] } }>(
      '/api/admin/accounts/adminGetRequests/paginated',
      { type: 'deposit', status: 'pending', page: 1, sizePerPage: 50, filters: {} },
    );
    const [linked, other] = reply.data.transfers;
    expect(other, 'the demo data has two pending deposits').toBeDefined();

    await page.goto(`/deposit-requests/pending?open=${linked!._id}`);
    const modal = page.getByRole('dialog', { name: 'Update deposit' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(linked!.transactionId).first()).toBeVisible();
    // Closing a modal the link opened removes the param in place.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect.poll(() => openParam(page.url())).toBeNull();

    await page.getByRole('row', { name: new RegExp(escapeRegExp(other!.transactionId)) }).dblclick();
    await expect(modal).toBeVisible();
    await expect(modal.getByText(other!.transactionId).first()).toBeVisible();
    await expect.poll(() => openParam(page.url())).toBe(other!._id);

    await page.goBack();
    await expect(modal).toBeHidden();
    await expect.poll(() => openParam(page.url())).toBeNull();
    await expect(page).toHaveURL(/\/deposit-requests\/pending$/);

    // A row the page does not hold (filtered out) is fetched by id.
    await page.goto(`/deposit-requests/pending?f.transactionId=no-such-transaction-zz&open=${linked!._id}`);
    await expect(page.getByText('No deposits.')).toBeVisible();
    await expect(modal).toBeVisible();
    await expect(modal.getByText(linked!.transactionId).first()).toBeVisible();
  });

  test('a link opens Edit User for a client not on the page; Back closes it and keeps the filter', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const reply = await api.post<{ clients: Client[] }>('/api/admin/users/list/paginated/all', {
      page: 1,
      sizePerPage: 50,
      filters: {},
    });
    const [linked, other] = reply.clients;
    expect(other, 'the demo data has two clients').toBeDefined();

    // The filter matches no one: the client is fetched by its profile call.
    await page.goto(`/users/all?f.surname=no-such-surname-zz&open=${linked!._id}`);
    await expect(page.getByText('No clients match this view.')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: /^Edit User: / });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(linked!.surname || linked!.email);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => openParam(page.url())).toBeNull();
    expect(new URL(page.url()).searchParams.get('f.surname')).toBe('no-such-surname-zz');

    await page.goto('/users/all');
    await page.getByRole('row', { name: new RegExp(escapeRegExp(other!.email)) }).dblclick();
    await expect(dialog).toBeVisible();
    await expect.poll(() => openParam(page.url())).toBe(other!._id);

    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect.poll(() => openParam(page.url())).toBeNull();
    await expect(page).toHaveURL(/\/users\/all$/);
  });
});
