import type { Locator, Page } from '@playwright/test';
import { calls } from '@brokerdesk/contract';
import { apiOf, escapeRegExp, fundingPage } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** The `open` param of the page's address, or null. */
const openParam = (url: string) => new URL(url).searchParams.get('open');

/** A list address with `open` added (or replaced). */
function withOpen(list: string, id: string): string {
  const url = new URL(list, 'http://x');
  url.searchParams.set('open', id);
  return `${url.pathname}${url.search}`;
}

/** Path and search of the page's address. */
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The first row whose key no other row shares, so a row name made of it picks that row alone. */
function uniqueBy<T>(rows: readonly T[], key: (row: T) => string): T | undefined {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return rows.find((row) => counts.get(key(row)) === 1);
}

const TABS = ['pending', 'approved', 'rejected'] as const;
type Tab = (typeof TABS)[number];

/** The first status tab (pending, approved, rejected) holding a row that `key` picks alone, with its reply. */
async function findInTabs<R, T>(
  fetch: (status: Tab) => Promise<R>,
  rowsOf: (reply: R) => readonly T[],
  key: (row: T, reply: R) => string,
): Promise<{ status: Tab; target: T; reply: R } | undefined> {
  for (const status of TABS) {
    const reply = await fetch(status);
    const target = uniqueBy(rowsOf(reply), (row) => key(row, reply));
    if (target) return { status, target, reply };
  }
  return undefined;
}

type Linked = {
  id: string;
  /** The modal's accessible name. */
  dialog: string | RegExp;
  /** Checks the modal shows this row. */
  shows: (modal: Locator) => Promise<void>;
};

/**
 * The deep-link walk of one screen: `list` is its address with list state in it (page size, sort or
 * filter). A fresh load with ?open=<id> opens the row's modal and closing it keeps the list state; a
 * click on the row puts it in the URL and Back closes it, back to the same list state; a link to a row
 * the view does not hold (`offView`, e.g. filtered out) still opens; a link to no row drops the param.
 */
async function walk(
  page: Page,
  c: {
    list: string;
    /** The row, how it opens, and which of its cells to click (the first unless that one holds a link). */
    row: { name: RegExp; open: 'click' | 'dblclick'; cell?: number };
    target: Linked;
    offView: { list: string; emptyText: string };
    unknownId: string;
  },
) {
  const modal = page.getByRole('dialog', { name: c.target.dialog });

  await page.goto(withOpen(c.list, c.target.id));
  await expect(modal).toBeVisible();
  await c.target.shows(modal);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect.poll(() => where(page)).toBe(c.list);

  const row = page.getByRole('row', { name: c.row.name });
  // Not the row's middle: its own buttons (Approve, Reject) and links would take the click; nor the
  // bulk selection box, which ticks the row instead of opening it.
  const cell = row
    .getByRole('cell')
    .filter({ hasNot: page.getByRole('checkbox') })
    .nth(c.row.cell ?? 0);
  await (c.row.open === 'click' ? cell.click() : cell.dblclick());
  await expect(modal).toBeVisible();
  await c.target.shows(modal);
  await expect.poll(() => openParam(page.url())).toBe(c.target.id);
  await page.goBack();
  await expect(modal).toBeHidden();
  await expect.poll(() => where(page)).toBe(c.list);
  await expect(row).toBeVisible();

  await page.goto(withOpen(c.offView.list, c.target.id));
  await expect(page.getByText(c.offView.emptyText)).toBeVisible();
  await expect(modal).toBeVisible();
  await c.target.shows(modal);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect.poll(() => where(page)).toBe(c.offView.list);

  await page.goto(withOpen(c.list, c.unknownId));
  await expect.poll(() => where(page)).toBe(c.list);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A record id no row has (24 hex digits). */
const NO_SUCH_ID = 'f'.repeat(24);

test.describe(`deep links to modals (${db})`, () => {
  test('a link opens Update deposit; double-click puts the row in the URL; Back closes it', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const reply = await fundingPage(api, {
      type: 'deposit',
      status: 'pending',
      page: 1,
      sizePerPage: 50,
      filters: {},
    });
    const [linked, other] = reply.transfers;
    expect(other, 'the demo data has two pending deposits').toBeDefined();

    await page.goto(`/deposit-requests/pending?open=${linked!._id}`);
    const modal = page.getByRole('dialog', { name: 'Update deposit' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(linked!.transactionId).first()).toBeVisible();
    // Closing a modal the link opened removes the param in place.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect.poll(() => openParam(page.url())).toBeNull();

    // On the transaction id: the row's middle may be the client's name, a link to their profile.
    await page
      .getByRole('row', { name: new RegExp(escapeRegExp(other!.transactionId)) })
      .getByText(other!.transactionId)
      .dblclick();
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
    const reply = await api.call(calls.clients.pageUsers, {
      params: { status: 'all' },
      body: { page: 1, sizePerPage: 50, filters: {} },
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

  test('change leverage: a link opens Update change leverage, Back closes it, the list state stays', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const found = await findInTabs(
      (s) =>
        api.call(calls.accounts.pageLeverageRequests, {
          params: { status: s },
          body: { page: 1, sizePerPage: 100, filters: {} },
        }),
      (reply) => reply.leverages,
      (l) => String(l.accountNumber),
    );
    expect(found, 'the demo data has leverage change requests').toBeDefined();
    const { status, target, reply } = found!;
    const clients = reply.users;
    const number = String(target.accountNumber);
    const list = `/change-leverage-requests/${status}?size=100`;
    await walk(page, {
      list,
      row: { name: new RegExp(`\\b${number}\\b`), open: 'dblclick' },
      target: {
        id: target._id,
        dialog: 'Update change leverage',
        shows: async (modal) => {
          await expect(modal.getByText(number, { exact: true })).toBeVisible();
          const client = clients[target.userId];
          if (client) await expect(modal).toContainText(client.name);
        },
      },
      offView: { list: `${list}&f.client=no-such-client-zz`, emptyText: 'No leverage change requests.' },
      unknownId: NO_SUCH_ID,
    });
  });

  test('sub-account requests: a link opens Update account, Back closes it, the list state stays', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const found = await findInTabs(
      (s) =>
        api.call(calls.accounts.pageSubAccountRequests, {
          params: { live: 'all', status: s },
          body: { page: 1, sizePerPage: 100, filters: {} },
        }),
      (reply) => reply.accounts,
      (a, reply) => reply.users[a.userId]?.email ?? a.userId,
    );
    expect(found, 'the demo data has sub-account requests').toBeDefined();
    const { status, target, reply } = found!;
    const clients = reply.users;
    const email = clients[target.userId]!.email;
    const list = `/new-sub-account-requests/${status}?size=100`;
    await walk(page, {
      list,
      row: { name: new RegExp(escapeRegExp(email)), open: 'click' },
      target: {
        id: target._id,
        dialog: 'Update account',
        shows: async (modal) => {
          await expect(modal).toContainText(email);
          await expect(modal).toContainText(`${target.live ? 'Live' : 'Demo'} ${target.type}`);
        },
      },
      offView: { list: `${list}&f.email=no-such-email-zz`, emptyText: 'No sub account requests.' },
      unknownId: NO_SUCH_ID,
    });
  });

  test('IB requests: a link opens the request, Back closes it, the list state stays', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const reply = await api.call(calls.partners.pageIbRequests, {
      body: { page: 1, sizePerPage: 100, filters: {} },
    });
    const target = uniqueBy(reply.requestsData, (r) => reply.usersData[r.userId]?.email ?? r.userId);
    expect(target, 'the demo data has IB requests').toBeDefined();
    const client = reply.usersData[target!.userId]!;
    const list = '/ib-requests?size=100';
    await walk(page, {
      list,
      row: { name: new RegExp(escapeRegExp(client.email)), open: 'click' },
      target: {
        id: target!._id,
        dialog: `IB request: ${client.name} ${client.surname}`,
        shows: (modal) => expect(modal).toContainText(client.email),
      },
      offView: { list: `${list}&f.email=no-such-email-zz`, emptyText: 'No IB requests.' },
      unknownId: NO_SUCH_ID,
    });
  });

  test('bank verification: a link opens Bank details, Back closes it, the list state stays', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const reply = await api.call(calls.banks.listBankAccounts);
    const found = await findInTabs(
      async (s) => reply.bankAccounts[s] ?? [],
      (banks) => banks,
      (b) => `${reply.users[b.userId]?.email ?? b.userId} ${b.bankName}`,
    );
    expect(found, 'the demo data has bank accounts').toBeDefined();
    const { status, target } = found!;
    const email = reply.users[target.userId]!.email;
    const list = `/bank-verification-requests/${status}?size=100`;
    await walk(page, {
      list,
      row: {
        name: new RegExp(`${escapeRegExp(email)}.*${escapeRegExp(target.bankName)}`),
        open: 'click',
      },
      target: {
        id: target._id,
        dialog: 'Bank details',
        shows: async (modal) => {
          await expect(modal.getByRole('textbox', { name: 'Bank name' })).toHaveValue(target.bankName);
          await expect(modal).toContainText(email);
        },
      },
      offView: { list: `${list}&f.email=no-such-email-zz`, emptyText: 'No bank accounts.' },
      unknownId: NO_SUCH_ID,
    });
  });

  test('manage groups: a link opens Edit group, Back closes it, the list state stays', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const { groups } = await api.call(calls.groups.listGroups);
    const target = groups.find((g) => !groups.some((o) => o !== g && o.groupId.includes(g.groupId)));
    expect(target, 'the demo data has groups').toBeDefined();
    // Sorted by name, newest-first order: list state a reload and Back must keep.
    const list = '/manage-groups?sort=groupName&order=desc';
    await walk(page, {
      list,
      row: { name: new RegExp(escapeRegExp(target!.groupId)), open: 'click' },
      target: {
        id: target!.groupId,
        dialog: `Edit group ${target!.groupId}`,
        shows: (modal) =>
          expect(modal.getByRole('textbox', { name: 'Group name' })).toHaveValue(target!.groupName),
      },
      offView: { list: `${list}&f.groupName=no-such-group-zz`, emptyText: 'No groups.' },
      unknownId: 'no\\such-group',
    });
  });

  test('trading accounts: a link opens the account, on the list and on the client profile', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const reply = await api.call(calls.accounts.pageAccounts, {
      params: { all: 'all', type: 'live', approved: 'approved' },
      body: { page: 1, sizePerPage: 100, filters: {} },
    });
    const target = uniqueBy(reply.data.accounts, (a) => String(a.number));
    expect(target, 'the demo data has live accounts').toBeDefined();
    const number = String(target!.number);
    const linked: Linked = {
      id: target!._id,
      dialog: new RegExp(`^Account ${number}\\b`),
      shows: (modal) => expect(modal).toContainText(`Account ${number}`),
    };
    const list = '/trading-accounts?live.size=100';
    await walk(page, {
      list,
      // The first cell is the client's profile link.
      row: { name: new RegExp(`\\b${number}\\b`), open: 'click', cell: 1 },
      target: linked,
      offView: { list: `${list}&live.f.client=no-such-client-zz`, emptyText: 'No live accounts match' },
      unknownId: NO_SUCH_ID,
    });

    // The client profile's Trading Accounts card opens the same account by link.
    await page.goto(withOpen(`/user/profile/${target!.userId}`, target!._id));
    const modal = page.getByRole('dialog', { name: linked.dialog });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect.poll(() => openParam(page.url())).toBeNull();
  });
});
